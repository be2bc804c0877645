import { setFlagsFromString } from 'node:v8'

// Imported first by the gateway's command (main.ts), before anything else loads: both flags are
// read as the process runs, so they apply once V8 runs too.
//
// V8 doubles its young generation each time many objects survive a scavenge, and loading modules
// is exactly that: by the end of start-up it has grown to 16 MB and stays so, mostly empty, for
// the life of a process that then handles small JSON messages. Kept at its starting 1 MB
// semi-space, the gateway's resident set is about 12 MB smaller; a scavenge of 1 MB takes well
// under a millisecond.
setFlagsFromString('--semi-space-growth-factor=1')

// No optimizing compiler (TurboFan; Maglev on the Node versions that have it): its code and what
// it keeps for it cost the gateway about 6 MB resident at start and 8 MB after 1,000 reads, while
// a read is a few small JSON messages that the baseline compiler runs as fast (CPU per read and
// p50 alike within the noise, docs/guide/performance.md). What slows is long pure-JS work: a
// 20,000-line diff for a card, 110 → 190 ms, on a card a person reads. Not `--lite-mode` or
// `--jitless`: set at run time they abort WebAssembly, which `fetch` (an upstream over HTTP) uses.
setFlagsFromString('--no-opt')
setFlagsFromString('--no-maglev')
