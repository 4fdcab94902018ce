import { screenSweep } from '../helpers/screen-sweep.ts';

/** The screen sweep (tests/helpers/screen-sweep.ts) in English. */
screenSweep('en');
