/**
 * The script evaluated inside every fresh sandbox context before the user's code. It returns a
 * function the host calls once with the only host function the sandbox gets (`write`, which
 * accepts a string, appends it to the captured output and answers whether there is room for more)
 * and the inputs as JSON text; that function installs `console` and `inputs` and returns
 * `[serialize, describe, pending]` (`pending.parts`: printed text not handed over yet): `serialize` turns the code's final value into `J<json>` or `T<text>`,
 * `describe` a thrown value into JSON `{name, message, stack}`. Everything it captures is the
 * context's own intrinsics, taken before user code runs; user code may still break them, but only
 * inside its own context. QuickJS's own errors (out of memory, interrupted, stack overflow) are
 * never turned into text: they pass through, so the host reports the limit that was hit.
 */
// A batch goes to the host at this many characters or lines, whichever comes first.
const flushChars = 4096
const flushParts = 256

export const SANDBOX_SETUP = `(function (write, inputsJson) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const toText = String;
  const isFiniteNumber = Number.isFinite;
  const prototypeOf = Object.getPrototypeOf;
  const InternalErrorType = InternalError;
  const internalErrorPrototype = InternalError.prototype;
  // The engine makes these errors itself; a value the code threw that only claims to be one
  // passes through too, which only stops that code sooner.
  function passThrough(error) {
    if (error !== null && typeof error === 'object' && prototypeOf(error) === internalErrorPrototype) throw error;
  }
  let room = true;
  function show(value) {
    if (typeof value === 'string') return value;
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return toText(value);
    try {
      const json = stringify(value);
      return json === undefined ? toText(value) : json;
    } catch (error) {
      passThrough(error);
      return toText(value);
    }
  }
  // Printed lines wait in the sandbox and go to the host a batch at a time: a host call costs far
  // more than a line, and a flood of empty lines once ended at the time limit, one call each. The
  // host reads what is still waiting when the code ends, however it ends (see \`pending\`).
  const pending = { parts: [] };
  let pendingChars = 0;
  const push = Array.prototype.push;
  const join = Array.prototype.join;
  function flush() {
    const text = join.call(pending.parts, '');
    pending.parts = [];
    pendingChars = 0;
    room = write(text);
  }
  // Once the output is full, printing stops the code at once: nothing more is built or copied.
  function log() {
    if (!room) throw new InternalErrorType('output limit reached');
    let line = '';
    for (let i = 0; i < arguments.length; i++) line += (i === 0 ? '' : ' ') + show(arguments[i]);
    push.call(pending.parts, line + '\\n');
    pendingChars += line.length + 1;
    if (pendingChars >= ${flushChars} || pending.parts.length >= ${flushParts}) flush();
    if (!room) throw new InternalErrorType('output limit reached');
  }
  define(globalThis, 'console', {
    value: freeze({ log: log, info: log, warn: log, error: log, debug: log }),
    writable: true,
    configurable: true,
  });
  function deepFreeze(value) {
    if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) deepFreeze(value[key]);
      freeze(value);
    }
    return value;
  }
  define(globalThis, 'inputs', { value: deepFreeze(parse(inputsJson)), writable: true, configurable: true });
  function describe(error) {
    try {
      if (error !== null && typeof error === 'object') {
        return stringify({ name: toText(error.name), message: toText(error.message), stack: toText(error.stack) });
      }
      return stringify({ name: '', message: toText(error), stack: '' });
    } catch (failure) {
      return stringify({ name: '', message: 'the code threw a value that could not be described', stack: '' });
    }
  }
  function serialize(value) {
    if (value === undefined) return '';
    if (typeof value === 'number' && !isFiniteNumber(value)) return 'T' + toText(value);
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return 'T' + toText(value);
    try {
      const json = stringify(value);
      return json === undefined ? 'T' + toText(value) : 'J' + json;
    } catch (error) {
      passThrough(error);
      return 'T' + toText(value);
    }
  }
  return [serialize, describe, pending];
})`
