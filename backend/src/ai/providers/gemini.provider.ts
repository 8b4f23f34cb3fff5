import type { ApiError, GenerateContentResponse, GoogleGenAI } from '@google/genai';
import type { GeneratedProduct } from '@dentalmarket/contracts';
import type { AiProviderConfig } from '../../config/app-config.js';
import { AiInvalidOutputError, AiProviderError } from '../ai.errors.js';
import { GEMINI_PRODUCT_SCHEMA, parseGeneratedProduct } from '../generated-product.js';
import { type GenerationInput, PING_PROMPT, type ProductGenerator, SYSTEM_PROMPT, userPrompt } from '../product-generator.js';
import { networkDetail } from './network-detail.js';

/** Gemini through @google/genai with structured JSON output (POST {base}/v1beta/models/{model}:generateContent). */
export class GeminiGenerator implements ProductGenerator {
  readonly name = 'gemini';
  private sdk: Promise<{ client: GoogleGenAI; ApiError: typeof ApiError }> | undefined;

  constructor(private readonly config: AiProviderConfig) {}

  /**
   * The SDK and its client, loaded at the first call rather than at the API's start: most instances
   * never generate, and the SDK is among the largest modules the API would otherwise load.
   */
  private connect(): Promise<{ client: GoogleGenAI; ApiError: typeof ApiError }> {
    return (this.sdk ??= import('@google/genai').then(({ GoogleGenAI, ApiError }) => ({
      ApiError,
      client: new GoogleGenAI({
        apiKey: this.config.apiKey,
        httpOptions: {
          baseUrl: this.config.baseUrl,
          // no retryOptions: without them the SDK makes exactly one attempt (with them it retries
          // 429/5xx with backoff behind our back); our own AbortSignal bounds the call
          //
          // the runtime's own fetch: by default the SDK swaps in undici's dispatcher, found through a
          // process-global symbol that sandboxed realms (jest's vm modules) do not see, and every call
          // then fails with "fetch failed". Undici's 300 s header timeout is above AI_TIMEOUT_MS's cap.
          fetch: (input, init) => globalThis.fetch(input, init),
        },
      }),
    })));
  }

  async generateProduct(input: GenerationInput, signal: AbortSignal): Promise<GeneratedProduct> {
    const { client, ApiError } = await this.connect();
    let response: GenerateContentResponse;
    try {
      response = await client.models.generateContent({
        model: this.config.model,
        contents: userPrompt(input),
        config: {
          systemInstruction: SYSTEM_PROMPT,
          responseMimeType: 'application/json',
          responseSchema: GEMINI_PRODUCT_SCHEMA,
          abortSignal: signal,
        },
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ApiError) throw new AiProviderError(this.name, error.status, apiErrorMessage(error.message));
      throw new AiProviderError(this.name, undefined, networkDetail(error));
    }
    const blocked = response.promptFeedback?.blockReason;
    if (blocked) throw new AiInvalidOutputError(`the request was blocked (${blocked})`);
    const text = response.text;
    if (!text) throw new AiInvalidOutputError(`the answer has no text (finish reason ${response.candidates?.[0]?.finishReason ?? 'unknown'})`);
    return parseGeneratedProduct(text);
  }

  async ping(signal: AbortSignal): Promise<string> {
    const { client, ApiError } = await this.connect();
    let response: GenerateContentResponse;
    try {
      response = await client.models.generateContent({ model: this.config.model, contents: PING_PROMPT, config: { maxOutputTokens: 5, abortSignal: signal } });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ApiError) throw new AiProviderError(this.name, error.status, apiErrorMessage(error.message));
      throw new AiProviderError(this.name, undefined, networkDetail(error));
    }
    const text = response.text?.trim();
    if (!text) throw new AiInvalidOutputError(`the answer has no text (finish reason ${response.candidates?.[0]?.finishReason ?? 'unknown'})`);
    return text;
  }
}

/** ApiError's message is the error body as JSON; Google's own text is in error.message. */
function apiErrorMessage(message: string): string {
  try {
    const body = JSON.parse(message) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string' && body.error.message !== '') return body.error.message;
  } catch {
    // not JSON: the message is already text
  }
  return message;
}
