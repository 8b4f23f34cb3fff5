import { BadGatewayException, GatewayTimeoutException, ServiceUnavailableException } from '@nestjs/common';

/*
 * Typed AI failures. Each is the Nest exception for its status, so the one global filter answers
 * them as `{ statusCode, message, error }` like every other error, and the batch can tell a
 * provider failure (reported per item) from a bug (rethrown).
 */

/** GET /api/admin/gemini/status's sentence for the admin while no provider is configured. */
export const AI_NOT_SET_UP_MESSAGE =
  'AI generation is not set up. Ask your administrator to set GEMINI_API_KEY (Gemini), or OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server).';

/** 503: no provider configured; says which variables enable which provider. */
export class AiNotConfiguredError extends ServiceUnavailableException {
  constructor() {
    super(
      'AI generation is not configured: set GEMINI_API_KEY for Gemini, or OPENAI_BASE_URL (and OPENAI_API_KEY if the server needs one) ' +
        'for an OpenAI-compatible server such as OpenAI, Ollama, vLLM or llama.cpp.',
    );
  }
}

/** 502: the provider answered an HTTP error, or could not be reached. */
export class AiProviderError extends BadGatewayException {
  constructor(provider: string, status: number | undefined, detail: string) {
    super(
      status === undefined
        ? `The AI provider (${provider}) could not be reached: ${clip(detail)}`
        : `The AI provider (${provider}) answered ${status}: ${clip(detail)}`,
    );
  }
}

/** 502: the provider answered, but not with a usable product. */
export class AiInvalidOutputError extends BadGatewayException {
  constructor(problem: string) {
    super(`The AI provider returned an invalid product: ${clip(problem)}`);
  }
}

/** 504: no answer within AI_TIMEOUT_MS. */
export class AiTimeoutError extends GatewayTimeoutException {
  constructor(timeoutMs: number) {
    super(`The AI provider did not answer within ${timeoutMs / 1000} s`);
  }
}

/** Provider messages can quote whole request bodies; the admin needs the gist. */
function clip(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
