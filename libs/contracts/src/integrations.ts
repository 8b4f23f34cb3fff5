/**
 * The admin's Integrations tab (issue 21): the state of each outside service the shop talks to, and
 * a test for each. Secrets are never sent: only whether they are set.
 */

/** The last call the API made to a service, and how it went. */
export interface IntegrationCall {
  at: string;
  ok: boolean;
  /** 'OK', or the error as the API reports it to admins (no secrets) */
  message: string;
  /** how long the call took */
  ms: number;
}

export interface JobQueueState {
  /** e.g. 'order-email', 'service-request-email', 'catalogue-import' */
  name: string;
  /** waiting to run (queued or deferred, retries included) */
  waiting: number;
  active: number;
  /** failed for good (out of retries) */
  failed: number;
  /** jobs waiting for a retry after a failure */
  retrying: number;
}

/** GET /api/admin/integrations */
export interface IntegrationsState {
  ai: {
    configured: boolean;
    /** 'gemini' | 'openai' | null */
    provider: string | null;
    model: string | null;
    /** the endpoint when it is not the provider's default (e.g. a local server); null otherwise */
    base_url: string | null;
    api_key_set: boolean;
    last_call: IntegrationCall | null;
  };
  email: {
    /** smtp: sent through SMTP_URL; file: written as .eml files (development) */
    transport: 'smtp' | 'file';
    /** host:port of the SMTP server (no user or password), or the directory of the files */
    target: string;
    credentials_set: boolean;
    from: string;
    /** emails waiting to be sent (both email queues, retries included) */
    queue_depth: number;
    last_error: IntegrationCall | null;
    last_send: IntegrationCall | null;
  };
  jobs: JobQueueState[];
}

/** POST /api/admin/integrations/ai/test and /email/test: the outcome of the test call (200 either way; `ok` says). */
export type IntegrationTestResult = IntegrationCall;
