import { BadRequestException, HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import type { AiStatus, GeneratedProduct, IntegrationTestResult, ProductType } from '@dentalmarket/contracts';
import { Category } from '../catalog/category.entity.js';
import { Subcategory } from '../catalog/subcategory.entity.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { IntegrationLog } from '../integrations/integration-log.js';
import { AI_NOT_SET_UP_MESSAGE, AiNotConfiguredError, AiTimeoutError } from './ai.errors.js';
import type { BatchResultDto } from './dto/generated-product.dto.js';
import type { GenerateBatchProductsDto, GenerateProductDto } from './dto/generate-product.dto.js';
import { type GenerationInput, PRODUCT_GENERATOR, type ProductGenerator } from './product-generator.js';

interface Placement {
  categoryId: number;
  subcategoryId: number;
  productType: ProductType;
}

interface Outcome {
  productName: string;
  product?: GeneratedProduct;
  error?: HttpException;
}

/** SPEC §7 /api/admin/gemini/*: product details written by the configured AI provider. */
@Injectable()
export class AiService {
  private readonly logger = new Logger('AI');

  constructor(
    @Inject(PRODUCT_GENERATOR) private readonly generator: ProductGenerator | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly calls: IntegrationLog,
  ) {}

  /** GET …/status: the provider the configuration chose, or a sentence saying none is. */
  status(): AiStatus {
    const provider = this.config.ai.provider?.name ?? null;
    return { configured: provider !== null, provider, message: provider ? null : AI_NOT_SET_UP_MESSAGE };
  }

  async generateProduct(body: GenerateProductDto): Promise<GeneratedProduct> {
    const generator = this.configured();
    const placement = await this.placementNames(body);
    return this.generateOne(generator, { productName: body.productName, ...placement });
  }

  /**
   * At most AI_BATCH_CONCURRENCY calls at once, each with its own timeout, results in request
   * order. A failed name is reported and the rest still generate; only when all fail is the whole
   * request an error (the first failure's own: 502, or 504 when it timed out).
   */
  async generateBatch(body: GenerateBatchProductsDto): Promise<BatchResultDto> {
    const generator = this.configured();
    const placement = await this.placementNames(body);
    const outcomes = await mapWithConcurrency(body.productNames, this.config.ai.batchConcurrency, async (productName): Promise<Outcome> => {
      try {
        return { productName, product: await this.generateOne(generator, { productName, ...placement }) };
      } catch (error) {
        // only the typed provider failures are per-item; a bug fails the request loudly
        if (!(error instanceof HttpException)) throw error;
        return { productName, error };
      }
    });
    const products = outcomes.flatMap((o) => (o.product ? [o.product] : []));
    const failures = outcomes.flatMap((o) => (o.error ? [{ productName: o.productName, message: o.error.message }] : []));
    if (products.length === 0) throw outcomes[0]!.error!;
    if (failures.length > 0) this.logger.warn(`batch: ${failures.length} of ${outcomes.length} names failed; first: ${failures[0]!.message}`);
    return { products, failures };
  }

  /** Checked after the guard and the body's validation, so a bad request still gets its own answer. */
  private configured(): ProductGenerator {
    if (!this.generator) throw new AiNotConfiguredError();
    return this.generator;
  }

  /** The names the model needs, and 400 unless the subcategory belongs to the category. */
  private placementNames({ categoryId, subcategoryId, productType }: Placement): Promise<Omit<GenerationInput, 'productName'>> {
    return this.transactions.run(async (manager) => {
      const category = await manager.findOne(Category, { where: { id: categoryId }, select: { id: true, name: true } });
      if (!category) throw new BadRequestException(`categoryId ${categoryId} is not a category`);
      const subcategory = await manager.findOne(Subcategory, { where: { id: subcategoryId }, select: { id: true, name: true, category_id: true } });
      if (!subcategory) throw new BadRequestException(`subcategoryId ${subcategoryId} is not a subcategory`);
      if (subcategory.category_id !== categoryId) {
        throw new BadRequestException(`subcategoryId ${subcategoryId} (${subcategory.name}) does not belong to category ${categoryId} (${category.name})`);
      }
      return { categoryName: category.name, subcategoryName: subcategory.name, productType };
    });
  }

  /** The Integrations tab's test: one tiny generation, recorded like every call; its outcome whatever it is. */
  async test(): Promise<IntegrationTestResult> {
    const generator = this.configured();
    const started = performance.now();
    try {
      const text = await this.bounded((signal) => generator.ping(signal));
      return { at: new Date().toISOString(), ok: true, message: `OK (the model answered "${text.slice(0, 40)}")`, ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      return { at: new Date().toISOString(), ok: false, message: error.message, ms: Math.round(performance.now() - started) };
    }
  }

  private generateOne(generator: ProductGenerator, input: GenerationInput): Promise<GeneratedProduct> {
    return this.bounded((signal) => generator.generateProduct(input, signal));
  }

  /**
   * One provider call bounded by AI_TIMEOUT_MS, recorded for the Integrations tab. The abort stops
   * the HTTP request; the race makes the 504 certain even if an SDK were to ignore the signal.
   */
  private async bounded<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const timeoutMs = this.config.ai.timeoutMs;
    const controller = new AbortController();
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new AiTimeoutError(timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      const result = await Promise.race([call(controller.signal), timedOut]);
      this.calls.record('ai', { ok: true, message: 'OK', ms: performance.now() - started });
      return result;
    } catch (error) {
      this.calls.record('ai', { ok: false, message: error instanceof Error ? error.message : String(error), ms: performance.now() - started });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** `work` over `items` with at most `limit` running at once; results in input order. */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
