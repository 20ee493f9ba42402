import assert from 'node:assert/strict'

// The work the string, array and regular-expression built-ins do while a function runs: a measure of work that is
// the same on an idle machine and a loaded one, for the tests that a step is linear in its input (where a time
// limit fails under load). Code that goes quadratic through these built-ins (a splice per line, a search from each
// line to the end of the text, a line split again at each piece read) makes it quadratic too. Each call counts one,
// and:
// - a regular expression's search (`exec`, which `test`, `match`, `replace` and `split` with a regular expression
//   call when `exec` is not the built-in's own): the characters from where it starts to the end of its match, or
//   to the end of the string when it finds none (none more when sticky: it tries one place);
// - a string's `indexOf`, `lastIndexOf` and `includes`: the characters passed over; `split` (at a string),
//   `replace` and `replaceAll` (of a string) and `toLowerCase`: its length; `slice` and `substring`: what they
//   return;
// - an array's `splice`: what it removes and inserts, and the elements after them that move; `shift` and
//   `unshift`: its length; `slice` and `concat`: what they return; `join`, `filter`, `map`, `forEach`, `reduce`
//   and `fill`: its length; `indexOf`, `lastIndexOf` and `includes`: the elements passed over; `find`,
//   `findIndex`, `some`, `every` and the like: the elements their function was called with.
// Loops written out in JavaScript are not seen: a test that uses this keeps an input big enough that such a loop
// gone quadratic also runs past the test's timeout.

/** What a function returned, and the work of the built-ins while it ran (see above). */
export interface BuiltinWork<T> {
  result: T
  work: number
}

/** {@link BuiltinWork} of `run`, which must not wait for anything (nothing else may run meanwhile). */
export function builtinWork<T>(run: () => T): BuiltinWork<T> {
  const meter = installMeter()
  try {
    const result = run()
    if (result instanceof Promise) throw new Error('builtinWork measures synchronous code: use builtinWorkAsync')
    return {result, work: meter.work}
  } finally {
    meter.uninstall()
  }
}

/**
 * {@link BuiltinWork} of `run`, which may wait: what else runs in this thread meanwhile (the test runner) is counted
 * too, a little, so compare the work with a bound well clear of it.
 */
export async function builtinWorkAsync<T>(run: () => Promise<T>): Promise<BuiltinWork<T>> {
  const meter = installMeter()
  try {
    const result = await run()
    return {result, work: meter.work}
  } finally {
    meter.uninstall()
  }
}

type Method = (this: unknown, ...args: unknown[]) => unknown
/**
 * How much a call did: given what it was called on, its arguments, what it returned and the length of what it was
 * called on before the call.
 */
type Cost = (self: unknown, args: unknown[], returned: unknown, length: number) => number

const lengthOf = (value: unknown): number => (value as {length?: number} | null | undefined)?.length ?? 0
/** The index `at` (an argument, negative from the end) of a sequence of `length`, as the built-ins clamp it. */
const position = (at: unknown, length: number, otherwise: number): number => {
  if (at === undefined) return otherwise
  const index = Math.trunc(Number(at)) || 0
  return index < 0 ? Math.max(0, length + index) : Math.min(index, length)
}
const ownLength: Cost = (_self, _args, _returned, length) => length
const returnedLength: Cost = (_self, _args, returned) => lengthOf(returned)

// The built-ins themselves, for what `includes` passed over: the measured ones would count it again.
const stringIndexOf = String.prototype.indexOf
const arrayIndexOf = Array.prototype.indexOf

/** Forward searches: to the end of what they found, or from the start to the end when nothing. */
const searched: Cost = (self, args, returned, length) => {
  const from = position(args[1], length, 0)
  const found =
    typeof returned === 'number'
      ? returned
      : returned === false
        ? -1
        : typeof self === 'string'
          ? stringIndexOf.call(self, args[0] as string, from)
          : arrayIndexOf.call(self as unknown[], args[0], from)
  return found === -1 ? length - from : found - from + (typeof self === 'string' ? lengthOf(args[0]) : 1)
}
const searchedBack: Cost = (_self, args, returned, length) => {
  const from = position(args[1], length, length)
  const found = returned as number
  return found === -1 ? from : from - found + 1
}

const stringCosts: Record<string, Cost> = {
  indexOf: searched,
  includes: searched,
  lastIndexOf: searchedBack,
  split: (_self, args, _returned, length) => (typeof args[0] === 'string' ? length : 0),
  replace: (_self, args, _returned, length) => (typeof args[0] === 'string' ? length : 0),
  replaceAll: (_self, args, _returned, length) => (typeof args[0] === 'string' ? length : 0),
  toLowerCase: ownLength,
  slice: returnedLength,
  substring: returnedLength
}

const arrayCosts: Record<string, Cost> = {
  splice: (_self, args, returned, length) => {
    // What it removes and inserts, and the elements after them when the two differ in number (they move).
    const removed = lengthOf(returned)
    const inserted = Math.max(0, args.length - 2)
    const moved = removed === inserted ? 0 : length - position(args[0], length, 0) - removed
    return removed + inserted + moved
  },
  shift: ownLength,
  unshift: (_self, args, _returned, length) => length + args.length,
  slice: returnedLength,
  concat: returnedLength,
  join: ownLength,
  filter: ownLength,
  map: ownLength,
  forEach: ownLength,
  reduce: ownLength,
  fill: ownLength,
  indexOf: searched,
  includes: searched,
  lastIndexOf: searchedBack
}

/** Array methods that call a function for some of the elements: each call counts. */
const arrayVisits = ['find', 'findIndex', 'findLast', 'findLastIndex', 'some', 'every']

interface Meter {
  readonly work: number
  uninstall(): void
}

function installMeter(): Meter {
  let work = 0
  const restore: (() => void)[] = []
  const wrap = (target: object, name: string, wrapped: (original: Method) => Method): void => {
    const original = (target as Record<string, Method>)[name]
    if (typeof original !== 'function') throw new Error(`no built-in ${name} to measure`)
    Object.defineProperty(target, name, {value: wrapped(original), writable: true, configurable: true})
    restore.push(() => Object.defineProperty(target, name, {value: original, writable: true, configurable: true}))
  }
  const costed = (target: object, costs: Record<string, Cost>): void => {
    for (const [name, cost] of Object.entries(costs)) {
      wrap(
        target,
        name,
        (original) =>
          function (this: unknown, ...args: unknown[]) {
            const length = lengthOf(this)
            const returned = original.apply(this, args)
            work += 1 + cost(this, args, returned, length)
            return returned
          }
      )
    }
  }
  costed(String.prototype, stringCosts)
  costed(Array.prototype, arrayCosts)
  for (const name of arrayVisits) {
    wrap(
      Array.prototype,
      name,
      (original) =>
        function (this: unknown, visit: unknown, ...rest: unknown[]) {
          work++
          const counted = function (this: unknown, ...args: unknown[]) {
            work++
            return (visit as Method).apply(this, args)
          }
          return original.call(this, counted, ...rest)
        }
    )
  }
  wrap(
    RegExp.prototype,
    'exec',
    (original) =>
      function (this: unknown, input: unknown) {
        const pattern = this as RegExp
        const from = pattern.global || pattern.sticky ? pattern.lastIndex : 0
        const match = original.call(pattern, input) as RegExpExecArray | null
        work += 1 + (match ? match.index + match[0].length - from : pattern.sticky ? 0 : String(input).length - from)
        return match
      }
  )
  return {
    get work() {
      return work
    },
    uninstall() {
      for (const undo of restore.reverse()) undo()
    }
  }
}

/** What {@link workGrowth} measured. */
export interface WorkGrowth<T> {
  /** What `run` returned for the larger input. */
  result: T
  /** The {@link builtinWork} of `run` per character of the smaller input, and of the larger. */
  perCharacter: [number, number]
  /** The larger's work per character over the smaller's: about 1 when `run` is linear, about 4 when quadratic. */
  growth: number
}

/**
 * The {@link builtinWork} of `run` on `input(units / 4)` and on `input(units)`, per character, and how it grew: a
 * linear step does as much work per character on four times the input, whatever the step costs.
 */
export function workGrowth<T>(
  input: (units: number) => string,
  units: number,
  run: (text: string) => T
): WorkGrowth<T> {
  // Once first, unmeasured: what a first call sets up (a parser, its regular expressions) is not the input's work.
  run(input(1))
  const smaller = input(Math.round(units / 4))
  const small = builtinWork(() => run(smaller)).work / smaller.length
  const larger = input(units)
  const measured = builtinWork(() => run(larger))
  const large = measured.work / larger.length
  return {result: measured.result, perCharacter: [small, large], growth: large / small}
}

/** Fails unless {@link WorkGrowth.growth} is linear's, with a message that names `what` and the work measured. */
export function assertLinear(growth: WorkGrowth<unknown>, what: string): void {
  const [small, large] = growth.perCharacter.map((work) => work.toFixed(2))
  assert.ok(
    growth.growth <= 1.25,
    `${what}: the built-ins' work per character of the input went from ${small} to ${large} on four times the ` +
      'input: not linear'
  )
}
