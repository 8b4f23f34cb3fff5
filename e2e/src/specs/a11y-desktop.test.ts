import { axeSweep } from '../a11y-sweep.js';

axeSweep(1366, 900);
