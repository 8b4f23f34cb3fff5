import type { ProductType, UserRole } from './enums.js';
import type { ProductFacetsResponse } from './search.js';

/** Wire shapes of the entities in SPEC §3. Money is a decimal string; dates are ISO strings. */
export interface User {
  id: number;
  username: string;
  email: string;
  full_name: string | null;
  role: UserRole;
  created_at: string;
}

export interface Category {
  id: number;
  name: string;
  description: string | null;
  icon: string;
  slug: string;
  product_type: ProductType;
  sort_order: number;
  created_at: string;
  /** Number of subcategories, for the sidebar's count. */
  subcategory_count: number;
}

export interface Subcategory {
  id: number;
  name: string;
  description: string | null;
  category_id: number;
  slug: string;
  sort_order: number;
  created_at: string;
}

export type Specifications = Record<string, string>;

export interface Product {
  id: number;
  name: string;
  description: string;
  /** numeric(10,2) as a two-decimal string, e.g. "1299.00" */
  price: string;
  image_url: string | null;
  image_data: string | null;
  image_type: string | null;
  category_id: number;
  subcategory_id: number | null;
  manufacturer: string;
  specifications: Specifications;
  product_type: ProductType;
  external_link: string | null;
  affiliate_link: string | null;
  service_details: Record<string, unknown> | null;
  features: string[];
  is_featured: boolean;
  is_new: boolean;
  /** numeric(3,1) as a one-decimal string, e.g. "4.5" */
  rating: string | null;
  reviews_count: number;
  created_at: string;
  slug: string;
  in_stock: boolean;
  delivery_time: string | null;
  warranty: string | null;
}

/** 'relevance' (Best match) needs a search: it is the default with one; without, the name order is. */
export const PRODUCT_SORTS = ['relevance', 'name', 'price-asc', 'price-desc', 'newest', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Product list filter (SPEC §3), all optional. */
export interface ProductListFilter {
  categorySlug?: string;
  subcategorySlug?: string;
  subcategoryId?: number;
  categoryId?: number;
  productType?: ProductType;
  featured?: boolean;
  new?: boolean;
  search?: string;
  sort?: ProductSort;
  limit?: number;
  page?: number;
  inStock?: boolean;
  /** comma-separated product ids, 1 to LIMITS.productIdsMax distinct (e.g. the cart's lines): all matches in one answer, whatever the limit */
  ids?: string;
  /** true: the answer also carries the filters' counts (ProductListResponse.facets) */
  facets?: boolean;
}

/** The admin product grid's sortable columns (server-side sorting). */
export const ADMIN_PRODUCT_SORT_FIELDS = ['name', 'product_type', 'category', 'price', 'in_stock', 'created_at'] as const;
export type AdminProductSortField = (typeof ADMIN_PRODUCT_SORT_FIELDS)[number];

export interface AdminProductListQuery {
  search?: string;
  productType?: ProductType;
  categoryId?: number;
  subcategoryId?: number;
  sortField?: AdminProductSortField;
  sortDirection?: 'asc' | 'desc';
  inStock?: boolean;
  page?: number;
  /** at most 100 */
  limit?: number;
}

/** A row of the admin grid: the product plus the names the grid shows. */
export interface AdminProductRow extends Product {
  category_name: string;
  subcategory_name: string | null;
}

export interface AdminProductListResponse {
  products: AdminProductRow[];
  total: number;
  page: number;
  limit: number;
}

/** What an admin delete removed or changed (nothing is lost silently). */
export interface DeleteResult {
  message: string;
  affected?: Record<string, number>;
}

export interface ProductListResponse {
  products: Product[];
  /** exact up to 1000; beyond, 1000 with `totalCapped: true` */
  total: number;
  page: number;
  limit: number;
  /** true when more than `total` products match (the count stops at 1000) */
  totalCapped?: boolean;
  /** the search matched nothing as typed: the word searched instead (e.g. 'implnt' → 'implant') */
  correctedSearch?: string;
  /**
   * Only when asked for with `facets=true`: the counts of the results page's filters for the same
   * parameters, in the same answer (one request per results page instead of two). Its
   * `correctedSearch` is the list's own.
   */
  facets?: Omit<ProductFacetsResponse, 'correctedSearch'>;
}

export interface ImageUploadResponse {
  imageUrl: string;
  imageData: string;
  imageType: string;
}

/** Every API error body (docs/architecture.md: one exception filter). */
export interface ApiError {
  statusCode: number;
  message: string | string[];
  error: string;
}

/** The three remotes the shell loads at run time. */
export type RemoteName = 'storefront' | 'checkout' | 'admin';

/** Runtime manifest of remote entry URLs served by the backend at /api/mf-manifest. */
export interface RemotesManifest {
  storefront: string;
  checkout: string;
  admin: string;
  /** what is live (issue 33): only with `?include=live`, so the shell's own request stays small */
  live?: LiveFrontends;
}

/** Which build a frontend is: its commit, when it was built and its package. */
export interface LiveBuild {
  commit: string;
  builtAt: string;
  name: string;
}

/** One shared module of a remote: the version it asked for, its own copy's, and the one a page gives it. */
export interface LiveSharedModule {
  name: string;
  /** the remote's requiredVersion: the lowest version holding every name it imports */
  asked: string;
  /** the version of the remote's own copy */
  own: string;
  /** one copy for the whole page (React, the store, the theme…); otherwise a remote may use its own copy */
  singleton: boolean;
  /** the version the page uses, or null where a singleton's requirement is not met */
  got: string | null;
  /** where `got` comes from: the shell's copy, the remote's own, or none (unmet) */
  source: 'shell' | 'own' | 'unmet';
}

/** A remote as the running shell would load it. */
export interface LiveRemote {
  name: RemoteName;
  /** the manifest URL the shell loads it from */
  url: string;
  /** 'unmet': a singleton's requirement the shell cannot meet, so the remote is not loaded */
  status: 'ok' | 'unmet' | 'unreachable';
  build: LiveBuild | null;
  shared: LiveSharedModule[];
  /** each unmet requirement, e.g. "react ^20.0.0 (the shell has 19.3.1)" */
  unmet: string[];
  /** why the remote's manifest could not be read ('unreachable') */
  error?: string;
}

/** The shell's build and the remotes it loads, with the shared modules each asked for and got. */
export interface LiveFrontends {
  checkedAt: string;
  shell: { build: LiveBuild | null; shared: { name: string; version: string; singleton: boolean }[] };
  remotes: LiveRemote[];
}

export interface GeneratedProduct {
  name: string;
  shortDescription: string;
  description: string;
  specifications: { label: string; value: string }[];
  features: string[];
  price: number | string;
  imageDescription: string;
  brand?: string;
  recommended?: boolean;
  productUrl?: string;
}
/** Input of the two AI generation calls (SPEC §7). */
export interface GenerationPlacement {
  categoryId: number;
  subcategoryId: number;
  productType: ProductType;
}

/** The batch call's answer: the generated products, and the names that failed with why. */
export interface BatchGenerationResult {
  products: GeneratedProduct[];
  failures: { productName: string; message: string }[];
}


/** GET /api/admin/categories/:id/usage: what deleting the category would touch. */
export interface CategoryUsage {
  product_count: number;
  subcategory_count: number;
}

/** GET /api/admin/gemini/status: whether AI generation can run, and why not. */
export interface AiStatus {
  configured: boolean;
  /** e.g. "gemini", "openai"; null when none is configured */
  provider: string | null;
  /** A sentence for the admin when not configured, e.g. "AI generation is not set up: ..."; null otherwise */
  message: string | null;
}
