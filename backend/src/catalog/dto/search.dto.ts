import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PRODUCT_TYPES, type ProductFacetsResponse, type ProductType, type SearchSuggestionsResponse } from '@dentalmarket/contracts';

const CAPPED = 'present (true) when more match: counting stops at 1000 and count is 1000';

class FacetCountDto {
  @ApiProperty({ description: 'results this value would leave, exact up to 1000' }) count: number;
  @ApiPropertyOptional({ description: CAPPED }) capped?: boolean;
}

export class ProductTypeFacetDto extends FacetCountDto {
  @ApiProperty({ enum: PRODUCT_TYPES }) value: ProductType;
}

export class ManufacturerFacetDto extends FacetCountDto {
  @ApiProperty() value: string;
}

export class InStockFacetDto extends FacetCountDto {
  @ApiProperty({ enum: [true] }) value: true;
}

export class RatingFacetDto extends FacetCountDto {
  @ApiProperty({ description: 'minimum rating', enum: [4, 3, 2, 1] }) value: number;
}

export class PriceRangeDto {
  @ApiProperty({ example: '12.50' }) min: string;
  @ApiProperty({ example: '24999.00' }) max: string;
}

/** GET /api/products/facets (contracts' ProductFacetsResponse). */
export class ProductFacetsDto implements ProductFacetsResponse {
  @ApiProperty({ description: 'results with every filter applied, exact up to 1000' }) total: number;
  @ApiProperty({ description: 'true when more than total match' }) totalCapped: boolean;
  @ApiPropertyOptional({ description: 'present when the search matched nothing as typed: the word the counts are for' }) correctedSearch?: string;
  @ApiProperty({ type: [ProductTypeFacetDto], description: 'each with every filter but productType' }) productTypes: ProductTypeFacetDto[];
  @ApiProperty({ type: [ManufacturerFacetDto], description: 'the 20 most frequent (ties by name) and the selected ones, each with every filter but manufacturer' })
  manufacturers: ManufacturerFacetDto[];
  @ApiProperty({ description: 'more manufacturers match than listed: search among them with manufacturerSearch' }) manufacturersMore: boolean;
  @ApiProperty({ type: InStockFacetDto, description: "results left with 'In stock only'" }) inStock: InStockFacetDto;
  @ApiProperty({ type: [RatingFacetDto], description: 'results left with each minimum rating, with every filter but minRating' }) ratings: RatingFacetDto[];
  @ApiProperty({ type: PriceRangeDto, nullable: true, description: 'lowest and highest price without the price filter; null when none has a price' })
  price: PriceRangeDto | null;
}

export class ProductSuggestionDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: PRODUCT_TYPES }) product_type: ProductType;
  @ApiProperty() manufacturer: string;
  @ApiProperty({ example: '1299.00' }) price: string;
  @ApiProperty({ type: String, nullable: true }) image_url: string | null;
}

export class CategorySuggestionDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() slug: string;
  @ApiProperty({ enum: PRODUCT_TYPES }) product_type: ProductType;
}

/** GET /api/search/suggestions (contracts' SearchSuggestionsResponse). */
export class SearchSuggestionsDto implements SearchSuggestionsResponse {
  @ApiProperty({ description: 'the query as searched (trimmed)' }) q: string;
  @ApiProperty({ type: [ProductSuggestionDto], description: 'at most 5, best match first' }) products: ProductSuggestionDto[];
  @ApiProperty({ type: [CategorySuggestionDto], description: 'at most 3 whose name holds the query, by name' }) categories: CategorySuggestionDto[];
}
