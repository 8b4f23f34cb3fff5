export const PRODUCT_TYPES = ['affiliate', 'service', 'equipment'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const USER_ROLES = ['admin', 'customer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'string' && (PRODUCT_TYPES as readonly string[]).includes(value);
}

/** Headings the marketplace shows for each product type (SPEC §2). */
export const PRODUCT_TYPE_HEADINGS: Record<ProductType, string> = {
  equipment: 'IT Equipment',
  service: 'IT Services',
  affiliate: 'Partner Products',
};

export const DEFAULT_MARKETPLACE_PRODUCT_TYPE: ProductType = 'affiliate';
