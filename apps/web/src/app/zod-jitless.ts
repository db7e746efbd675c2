import { config } from 'zod';

// Zod probes for eval (new Function) to compile its parsers; the CSP's script-src forbids eval, and the
// browser reports the refused probe as a violation on every page load. Zod parses as well without it.
// Imported by main.tsx before any module that builds or runs a schema.
config({ jitless: true });
