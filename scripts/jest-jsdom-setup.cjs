// jsdom lacks the encoding globals react-router reads at import time; Node has them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
