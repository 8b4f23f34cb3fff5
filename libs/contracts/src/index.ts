export * from './enums.js';
export * from './limits.js';
export * from './money.js';
export * from './slug.js';
export * from './entities.js';
export * from './cart.js';
export * from './links.js';
export * from './routes.js';
