import type OpenAI from 'openai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { GeneratedProduct } from '@dentalmarket/contracts';
import type { AiProviderConfig } from '../../config/app-config.js';
import { AiInvalidOutputError, AiProviderError } from '../ai.errors.js';
import { OPENAI_PRODUCT_SCHEMA, parseGeneratedProduct } from '../generated-product.js';
import { type GenerationInput, PING_PROMPT, type ProductGenerator, SYSTEM_PROMPT, userPrompt } from '../product-generator.js';
import { networkDetail } from './network-detail.js';

/**
 * Any OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM, llama.cpp) through the
 * openai SDK: POST {baseURL}/chat/completions with a strict JSON-schema response format.
 */
export class OpenAiGenerator implements ProductGenerator {
  readonly name = 'openai';
  private sdk: Promise<{ client: OpenAI; APIError: typeof OpenAI.APIError }> | undefined;

  constructor(private readonly config: AiProviderConfig) {}

  /**
   * The SDK and its client, loaded at the first call rather than at the API's start: most instances
   * never generate, and the SDK is among the largest modules the API would otherwise load.
   */
  private connect(): Promise<{ client: OpenAI; APIError: typeof OpenAI.APIError }> {
    return (this.sdk ??= import('openai').then(({ default: OpenAI }) => ({
      APIError: OpenAI.APIError,
      // maxRetries 0: the SDK would otherwise retry 429/5xx twice with backoff, tripling the time an
      // admin waits and hiding the real status; timeouts come from our own AbortSignal
      client: new OpenAI({ apiKey: this.config.apiKey, baseURL: this.config.baseUrl, maxRetries: 0 }),
    })));
  }

  async generateProduct(input: GenerationInput, signal: AbortSignal): Promise<GeneratedProduct> {
    const { client, APIError } = await this.connect();
    let completion: ChatCompletion;
    try {
      completion = await client.chat.completions.create(
        {
          model: this.config.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            { role: 'user', content: userPrompt(input) },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'generated_product', strict: true, schema: OPENAI_PRODUCT_SCHEMA } },
        },
        { signal },
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof APIError && error.status !== undefined) {
        throw new AiProviderError(this.name, error.status, error.message.replace(/^\d{3}\s+/, ''));
      }
      throw new AiProviderError(this.name, undefined, `${client.baseURL}: ${networkDetail(error)}`);
    }
    const choice = completion.choices?.[0];
    if (!choice) throw new AiInvalidOutputError('the answer has no choices');
    if (choice.message.refusal) throw new AiInvalidOutputError(`the model refused: ${choice.message.refusal}`);
    const text = choice.message.content;
    if (!text) throw new AiInvalidOutputError(`the answer has no text (finish reason ${choice.finish_reason ?? 'unknown'})`);
    return parseGeneratedProduct(text);
  }

  async ping(signal: AbortSignal): Promise<string> {
    const { client, APIError } = await this.connect();
    let completion: ChatCompletion;
    try {
      completion = await client.chat.completions.create({ model: this.config.model, messages: [{ role: 'user', content: PING_PROMPT }], max_tokens: 5 }, { signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof APIError && error.status !== undefined) throw new AiProviderError(this.name, error.status, error.message.replace(/^\d{3}\s+/, ''));
      throw new AiProviderError(this.name, undefined, `${client.baseURL}: ${networkDetail(error)}`);
    }
    const text = completion.choices?.[0]?.message.content?.trim();
    if (!text) throw new AiInvalidOutputError('the answer has no text');
    return text;
  }
}
