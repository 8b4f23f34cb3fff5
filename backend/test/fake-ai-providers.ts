import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for both AI providers' wire protocols, so the tests run the real SDK code:
 *   Gemini: POST /v1beta/models/{model}:generateContent → { candidates: [{ content: { parts: [{ text }] } }] }
 *   OpenAI-compatible: POST {base}/chat/completions → chat.completion with choices[0].message.content
 * It records every request (path, headers, JSON body) and answers as `behaviour` says. Whatever
 * the behaviour, a prompt whose product name contains 'FAIL' gets a 500, for the batch tests.
 */
export type Behaviour =
  | { kind: 'product' }
  | { kind: 'text'; text: string }
  | { kind: 'product-without'; field: string }
  | { kind: 'product-with'; field: string; value: unknown }
  | { kind: 'http-error'; status: number; message: string }
  | { kind: 'hang' };

export interface RecordedRequest {
  protocol: 'gemini' | 'openai' | 'unknown';
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** the prompt text the model would see (system and user parts joined) */
  prompt: string;
  /** the client closed the connection before an answer (an abort) */
  abandoned: boolean;
}

export interface FakeAiProviders {
  /** the server's origin, e.g. http://127.0.0.1:43210 (OpenAI clients add /v1 themselves) */
  url: string;
  requests: RecordedRequest[];
  behaviour: Behaviour;
  /** milliseconds before each answer, to overlap calls */
  delayMs: number;
  /** the most requests in progress at one time since the last reset */
  maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

/** The product the "model" writes: its name echoes the prompt's, so tests can match answers to names. */
export function fakeProduct(productName: string): Record<string, unknown> {
  return {
    name: productName,
    brand: 'Acme Dental',
    shortDescription: `${productName}, reliable and precise.`,
    description: `${productName} is built for busy practices.`,
    specifications: [
      { label: 'Power', value: '220 V' },
      { label: 'Weight', value: '12 kg' },
    ],
    features: ['Quiet operation', 'Two-year warranty'],
    price: 1299.5,
    imageDescription: `A studio photo of the ${productName} on white`,
    recommended: null,
    productUrl: null,
  };
}

function promptOf(protocol: RecordedRequest['protocol'], body: any): string {
  if (protocol === 'gemini') {
    const parts = [body?.systemInstruction, ...(body?.contents ?? [])].flatMap((c: any) => c?.parts ?? []);
    return parts.map((p: any) => p?.text ?? '').join('\n');
  }
  if (protocol === 'openai') return (body?.messages ?? []).map((m: any) => m?.content ?? '').join('\n');
  return '';
}

function answerText(behaviour: Behaviour, productName: string): string {
  const product = fakeProduct(productName);
  switch (behaviour.kind) {
    case 'text':
      return behaviour.text;
    case 'product-without':
      delete product[behaviour.field];
      return JSON.stringify(product);
    case 'product-with':
      return JSON.stringify({ ...product, [behaviour.field]: behaviour.value });
    default:
      return JSON.stringify(product);
  }
}

function envelope(protocol: 'gemini' | 'openai', text: string, model: string): unknown {
  if (protocol === 'gemini') {
    return { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }], modelVersion: model };
  }
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function errorBody(protocol: RecordedRequest['protocol'], status: number, message: string): unknown {
  return protocol === 'gemini'
    ? { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } }
    : { error: { message, type: status === 429 ? 'rate_limit_error' : 'server_error', param: null, code: null } };
}

export async function startFakeAiProviders(): Promise<FakeAiProviders> {
  let inFlight = 0;
  const fake: FakeAiProviders = {
    url: '',
    requests: [],
    behaviour: { kind: 'product' },
    delayMs: 0,
    maxInFlight: 0,
    reset() {
      fake.requests.length = 0;
      fake.behaviour = { kind: 'product' };
      fake.delayMs = 0;
      fake.maxInFlight = 0;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const protocol = /:generateContent$/.test(path.split('?')[0]!) ? 'gemini' : /\/chat\/completions$/.test(path) ? 'openai' : 'unknown';
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // recorded as null; the tests look at it
      }
      const recorded: RecordedRequest = { protocol, method: req.method ?? '', path, headers: req.headers, body, prompt: promptOf(protocol, body), abandoned: false };
      fake.requests.push(recorded);
      res.on('close', () => {
        if (!res.writableEnded) recorded.abandoned = true;
      });
      inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      const behaviour = fake.behaviour;
      const send = (status: number, payload: unknown) => {
        inFlight--;
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      };
      if (protocol === 'unknown') return send(404, { error: { message: `no such path ${path}` } });
      if (behaviour.kind === 'hang') {
        res.on('close', () => inFlight--);
        return; // never answers; the client's abort (or close()) ends it
      }
      const productName = /Product name: "((?:[^"\\]|\\.)*)"/.exec(recorded.prompt)?.[1] ?? 'Unknown';
      const model = protocol === 'gemini' ? (/models\/([^:]+):/.exec(path)?.[1] ?? '') : String(body?.model ?? '');
      setTimeout(() => {
        if (productName.includes('FAIL')) return send(500, errorBody(protocol, 500, `Simulated failure for ${productName}`));
        if (behaviour.kind === 'http-error') return send(behaviour.status, errorBody(protocol, behaviour.status, behaviour.message));
        send(200, envelope(protocol, answerText(behaviour, productName), model));
      }, fake.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
