/** The generated run clips live in lib (the demo data uses them too); tests import them from here. */
export * from '../lib/run-clip';
