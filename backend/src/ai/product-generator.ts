import type { GeneratedProduct, ProductType } from '@dentalmarket/contracts';

/** What the model is told about the product to write. */
export interface GenerationInput {
  productName: string;
  categoryName: string;
  subcategoryName: string;
  productType: ProductType;
}

/** One AI provider. Implementations return a validated product or throw the errors in ai.errors.ts. */
export interface ProductGenerator {
  readonly name: 'gemini' | 'openai';
  /** `signal` aborts the HTTP call when our timeout fires, so no request outlives its answer. */
  generateProduct(input: GenerationInput, signal: AbortSignal): Promise<GeneratedProduct>;
  /** The Integrations tab's test: the smallest generation (one word asked for); resolves with the model's text. */
  ping(signal: AbortSignal): Promise<string>;
}

/** What the test asks a model for: one word. */
export const PING_PROMPT = 'Reply with the single word OK.';

/** The configured generator, or null when none is (the endpoints then answer 503). */
export const PRODUCT_GENERATOR = Symbol('PRODUCT_GENERATOR');

const TYPE_GUIDANCE: Record<ProductType, string> = {
  equipment: 'dental equipment sold by the marketplace itself; give realistic technical specifications',
  service: 'a service offered to dental practices (maintenance, training, installation and the like); specifications describe scope and duration',
  affiliate: "a partner product sold on a retailer's site; productUrl may name the retailer's product page",
};

export const SYSTEM_PROMPT =
  'You write product listings for DentalMarket, an online marketplace for dental practices. ' +
  'Answer with one JSON object matching the given schema and nothing else. Be factual: do not invent ' +
  'certifications, and leave brand and productUrl null when you are not sure of them.';

/**
 * The user message. Admin-typed values go in as JSON strings so a name containing quotes or
 * instructions stays data rather than changing the request.
 */
export function userPrompt(input: GenerationInput): string {
  return [
    'Write the catalogue listing for this product.',
    `Product name: ${JSON.stringify(input.productName)}`,
    `Category: ${JSON.stringify(input.categoryName)}`,
    `Subcategory: ${JSON.stringify(input.subcategoryName)}`,
    `Product type: ${input.productType} (${TYPE_GUIDANCE[input.productType]})`,
    'Give 4 to 8 specifications and 4 to 6 features. The price is a typical list price in US dollars.',
  ].join('\n');
}
