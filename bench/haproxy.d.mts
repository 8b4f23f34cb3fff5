export interface HaproxySettings {
  checkIntervalMs: number;
  fall: number;
  rise: number;
  checkTimeoutMs: number;
  retries: number;
  retryOn: string[];
  redispatch: boolean;
  slowstartMs: number;
  balance: string;
  connectTimeoutMs: number;
  serverTimeoutMs: number;
  maxconn: number;
}
export const DRILL_DEFAULTS: HaproxySettings;
export function haproxyConfig(options: { port: number; servers: { name: string; port: number }[]; settings?: Partial<HaproxySettings> }): string;
export function haproxyInstalled(): boolean;
export function startHaproxy(options: { port: number; servers: { name: string; port: number }[]; settings?: Partial<HaproxySettings> }): Promise<{ url: string; config: string; pid: number; log(): string; stop(): Promise<void> }>;
