import type { Schema, Type as SchemaType } from '@google/genai';
import type { GeneratedProduct } from '@dentalmarket/contracts';
import { AiInvalidOutputError } from './ai.errors.js';

/**
 * The SDK's `Type` values (OpenAPI's type names) written out: importing the enum itself would load the
 * whole SDK at the API's start, which the Gemini provider otherwise loads at its first call.
 */
type TypeName = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT';
const TYPE_NAMES = { STRING: 'STRING', NUMBER: 'NUMBER', BOOLEAN: 'BOOLEAN', ARRAY: 'ARRAY', OBJECT: 'OBJECT' } as const satisfies {
  [K in TypeName]: `${(typeof SchemaType)[K]}`;
};
const Type = TYPE_NAMES as unknown as Pick<typeof SchemaType, TypeName>;

/**
 * SPEC §3 "Generated product (AI output)", written twice: once in Gemini's schema dialect and once
 * as JSON Schema for OpenAI's strict structured output. Both ask for a numeric price; the parser
 * still accepts numeric text, because servers without schema enforcement (older llama.cpp builds,
 * some vLLM models) often quote it.
 */
const TEXT_FIELDS = ['name', 'shortDescription', 'description', 'imageDescription'] as const;

const FIELD_HINTS: Record<string, string> = {
  name: 'the product name as it should appear in the catalogue',
  shortDescription: 'one sentence for product cards',
  description: 'two to four paragraphs for the product page',
  specifications: 'technical specifications as label/value pairs',
  features: 'key features, one short sentence each',
  price: 'typical list price in US dollars, a plain number',
  imageDescription: 'a description of a product photo, for an illustrator or image search',
  brand: 'the manufacturer, when known',
  recommended: 'whether to feature the product as recommended',
  productUrl: "the manufacturer's or a retailer's product page, only when certain",
};

export const GEMINI_PRODUCT_SCHEMA: Schema = {
  type: Type.OBJECT,
  properties: {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, { type: Type.STRING, description: FIELD_HINTS[field] }])),
    specifications: {
      type: Type.ARRAY,
      description: FIELD_HINTS.specifications,
      items: { type: Type.OBJECT, properties: { label: { type: Type.STRING }, value: { type: Type.STRING } }, required: ['label', 'value'] },
    },
    features: { type: Type.ARRAY, description: FIELD_HINTS.features, items: { type: Type.STRING } },
    price: { type: Type.NUMBER, description: FIELD_HINTS.price },
    brand: { type: Type.STRING, nullable: true, description: FIELD_HINTS.brand },
    recommended: { type: Type.BOOLEAN, nullable: true, description: FIELD_HINTS.recommended },
    productUrl: { type: Type.STRING, nullable: true, description: FIELD_HINTS.productUrl },
  },
  required: [...TEXT_FIELDS, 'specifications', 'features', 'price'],
  propertyOrdering: ['name', 'brand', 'shortDescription', 'description', 'specifications', 'features', 'price', 'imageDescription', 'recommended', 'productUrl'],
};

/** Strict mode wants every property required and no extras; optional fields are nullable instead. */
export const OPENAI_PRODUCT_SCHEMA = {
  type: 'object',
  properties: {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, { type: 'string', description: FIELD_HINTS[field] }])),
    specifications: {
      type: 'array',
      description: FIELD_HINTS.specifications,
      items: { type: 'object', properties: { label: { type: 'string' }, value: { type: 'string' } }, required: ['label', 'value'], additionalProperties: false },
    },
    features: { type: 'array', description: FIELD_HINTS.features, items: { type: 'string' } },
    price: { type: 'number', description: FIELD_HINTS.price },
    brand: { type: ['string', 'null'], description: FIELD_HINTS.brand },
    recommended: { type: ['boolean', 'null'], description: FIELD_HINTS.recommended },
    productUrl: { type: ['string', 'null'], description: FIELD_HINTS.productUrl },
  },
  required: [...TEXT_FIELDS, 'specifications', 'features', 'price', 'brand', 'recommended', 'productUrl'],
  additionalProperties: false,
} as const;

const invalid = (problem: string) => new AiInvalidOutputError(problem);

function text(record: Record<string, unknown>, field: string): string {
  const value = record[field];
  if (value === undefined || value === null) throw invalid(`'${field}' is missing`);
  if (typeof value !== 'string') throw invalid(`'${field}' must be text`);
  if (value.trim() === '' && field === 'name') throw invalid(`'name' is empty`);
  return value.trim();
}

function optional<T>(record: Record<string, unknown>, field: string, type: 'string' | 'boolean', problem: string): T | undefined {
  const value = record[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== type) throw invalid(`'${field}' ${problem}`);
  return (typeof value === 'string' ? value.trim() : value) as T;
}

function price(value: unknown): number | string {
  if (value === undefined || value === null) throw invalid(`'price' is missing`);
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())) return value.trim();
  throw invalid(`'price' must be a non-negative number or numeric text`);
}

/** Models without enforced output sometimes wrap the JSON in a Markdown fence; that much is forgiven. */
function unfenced(raw: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(raw);
  return fenced ? fenced[1]! : raw;
}

/**
 * The model's answer as a GeneratedProduct, or AiInvalidOutputError (502) naming the first problem.
 * Only the spec's fields are kept, so nothing else the model adds reaches the client.
 */
export function parseGeneratedProduct(raw: string): GeneratedProduct {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced(raw));
  } catch (error) {
    throw invalid(`the answer is not valid JSON (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid('the answer is not a JSON object');
  const record = parsed as Record<string, unknown>;

  const specifications = record.specifications;
  if (specifications === undefined || specifications === null) throw invalid(`'specifications' is missing`);
  if (!Array.isArray(specifications) || !specifications.every((s) => typeof s?.label === 'string' && typeof s?.value === 'string')) {
    throw invalid(`'specifications' must be a list of {label, value} text pairs`);
  }
  const features = record.features;
  if (features === undefined || features === null) throw invalid(`'features' is missing`);
  if (!Array.isArray(features) || !features.every((f) => typeof f === 'string')) throw invalid(`'features' must be a list of text`);

  const product: GeneratedProduct = {
    name: text(record, 'name'),
    shortDescription: text(record, 'shortDescription'),
    description: text(record, 'description'),
    specifications: specifications.map((s: { label: string; value: string }) => ({ label: s.label.trim(), value: s.value.trim() })),
    features: features.map((f: string) => f.trim()).filter((f) => f !== ''),
    price: price(record.price),
    imageDescription: text(record, 'imageDescription'),
  };
  const brand = optional<string>(record, 'brand', 'string', 'must be text');
  const recommended = optional<boolean>(record, 'recommended', 'boolean', 'must be true or false');
  const productUrl = optional<string>(record, 'productUrl', 'string', 'must be text');
  if (brand !== undefined) product.brand = brand;
  if (recommended !== undefined) product.recommended = recommended;
  if (productUrl !== undefined) product.productUrl = productUrl;
  return product;
}
