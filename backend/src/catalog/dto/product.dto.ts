import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import {
  PRODUCT_TYPES,
  type Product as ProductWire,
  type ProductListResponse,
  type ProductType,
  type Specifications,
} from '@dentalmarket/contracts';
import type { Product } from '../product.entity.js';
import { ProductFacetsDto } from './search.dto.js';

export class ProductTypeParamDto {
  @ApiProperty({ enum: PRODUCT_TYPES })
  @IsIn(PRODUCT_TYPES, { message: `type must be one of: ${PRODUCT_TYPES.join(', ')}` })
  type: ProductType;
}

export class ProductDto implements ProductWire {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() description: string;
  @ApiProperty({ example: '1299.00', description: 'numeric(10,2) as a two-decimal string' }) price: string;
  @ApiProperty({ type: String, nullable: true, example: '/media/seed/chair.svg' }) image_url: string | null;
  @ApiProperty({ type: String, nullable: true }) image_data: string | null;
  @ApiProperty({ type: String, nullable: true }) image_type: string | null;
  @ApiProperty() category_id: number;
  @ApiProperty({ type: Number, nullable: true }) subcategory_id: number | null;
  @ApiProperty() manufacturer: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { power: '220 V' } })
  specifications: Specifications;
  @ApiProperty({ enum: PRODUCT_TYPES }) product_type: ProductType;
  @ApiProperty({ type: String, nullable: true }) external_link: string | null;
  @ApiProperty({ type: String, nullable: true }) affiliate_link: string | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) service_details: Record<string, unknown> | null;
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty() is_featured: boolean;
  @ApiProperty() is_new: boolean;
  @ApiProperty({ type: String, nullable: true, example: '4.5', description: 'numeric(3,1) out of 5' }) rating: string | null;
  @ApiProperty() reviews_count: number;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty() slug: string;
  @ApiProperty() in_stock: boolean;
  @ApiProperty({ type: String, nullable: true }) delivery_time: string | null;
  @ApiProperty({ type: String, nullable: true }) warranty: string | null;
}

export class ProductListDto implements ProductListResponse {
  @ApiProperty({ type: [ProductDto] }) products: ProductDto[];
  @ApiProperty({ description: 'number of products matching the filter, exact up to 1000; 1000 with totalCapped beyond' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiPropertyOptional({ description: 'present (true) when more than `total` products match: counting stops at 1000' })
  totalCapped?: boolean;
  @ApiPropertyOptional({ description: 'present when the search matched nothing as typed: the word searched instead (e.g. implnt → implant)' })
  correctedSearch?: string;
  @ApiPropertyOptional({
    type: () => ProductFacetsDto,
    description: "only with facets=true: the results page's filter counts for the same parameters (as GET /api/products/facets; correctedSearch is the list's own)",
  })
  facets?: Omit<ProductFacetsDto, 'correctedSearch'>;
}

/** Stored JSON may hold text (SPEC §3: "may arrive as a JSON string"): read it as the JSON it carries. */
function parsedText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Always a list of text: a list, a JSON list in text, or one plain text as a one-item list. */
export function asFeatures(value: unknown): string[] {
  const parsed = parsedText(value);
  if (Array.isArray(parsed)) return parsed.filter((item) => item !== null && item !== undefined).map(String);
  if (typeof parsed === 'string') return parsed.trim() ? [parsed.trim()] : [];
  return [];
}

/** Always an object of name → text: an object, or a JSON object in text; anything else is empty. */
export function asSpecifications(value: unknown): Specifications {
  const parsed = parsedText(value);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).map(([key, text]) => [key, typeof text === 'string' ? text : JSON.stringify(text)]));
}

/** Image URLs leave as absolute paths or full URLs, never relative to the page that shows them. */
export function asImageUrl(value: string | null): string | null {
  if (!value?.trim()) return null;
  const url = value.trim();
  return /^(\/|https?:\/\/|data:image\/)/i.test(url) ? url : `/${url.replace(/^\.?\/+/, '')}`;
}

export function mapProduct(product: Product): ProductDto {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    image_url: asImageUrl(product.image_url),
    image_data: product.image_data ?? null,
    image_type: product.image_type,
    category_id: product.category_id,
    subcategory_id: product.subcategory_id,
    manufacturer: product.manufacturer,
    specifications: asSpecifications(product.specifications),
    product_type: product.product_type,
    external_link: product.external_link,
    affiliate_link: product.affiliate_link,
    service_details: product.service_details,
    features: asFeatures(product.features),
    is_featured: product.is_featured,
    is_new: product.is_new,
    rating: product.rating,
    reviews_count: product.reviews_count,
    created_at: product.created_at.toISOString(),
    slug: product.slug,
    in_stock: product.in_stock,
    delivery_time: product.delivery_time,
    warranty: product.warranty,
  };
}
