// Types of generate.mjs's exports, for the TypeScript that imports them (the drift specs).
export declare const PACKAGE_ROOT: string;
export declare const DOCUMENT_FILE: string;
export declare const SCHEMA_FILE: string;
/** "the API client is out of date: run `npm run api-client`" */
export declare const OUT_OF_DATE: string;
export declare function canonicalDocument(document: string | object): string;
export declare function renderSchema(document: string | object): Promise<string>;
export declare function describeDrift(committed: string | object, current: string | object): string[];
export declare function fetchDocument(baseUrl: string): Promise<string>;
export declare function documentFromThrowawayApp(): Promise<string>;
