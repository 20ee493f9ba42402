import type {Conversation} from 'chatmark'

/** How often each size is rendered (the least time is kept). */
export interface MarkdownBudgetSetup {
  runs: number
}

/** Hostile Markdown of issue 25, item 7, and prose as the control: each made to about `bytes`. */
const payloads: Record<string, (bytes: number) => string> = {
  prose: (bytes) => repeated('A sentence with **bold**, `code` and a [link](https://example.com).\n\n', bytes),
  'setext a\\n-\\n': (bytes) => repeated('a\n-\n', bytes),
  'nested list': (bytes) => repeated('- a\n  - b\n', bytes),
  'lists in parts': (bytes) => repeated('## Part\n\nIntro line.\n\n- a\n  - b\n  - c\n- d\n  - e\n\n', bytes),
  'a**b': (bytes) => repeated('a**b ', bytes),
  '~a': (bytes) => repeated('~a ', bytes),
  'reference [a]': (bytes) => repeated('[a] ', bytes),
  '> - (nesting)': (bytes) => repeated('> - ', bytes)
}

function repeated(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length))
}

/** A conversation whose one answer is `text`, as a reader makes it. */
function conversation(text: string): Conversation {
  return {
    id: 'budget',
    title: 'Hostile Markdown',
    source: {format: 'claude-code'},
    participants: [],
    metadata: {},
    fidelity: {},
    turns: [
      {role: 'user', parts: [{type: 'text', text: 'Hello'}]},
      {role: 'assistant', parts: [{type: 'text', text}]},
      {role: 'user', parts: [{type: 'text', text: '# Last'}]}
    ]
  }
}

/** The least CPU time, in ms, of `runs` renderings. */
function cpuMs(render: () => unknown, runs: number): number {
  let least = Number.POSITIVE_INFINITY
  for (let run = 0; run < runs; run++) {
    const before = process.cpuUsage()
    render()
    const used = process.cpuUsage(before)
    least = Math.min(least, (used.user + used.system) / 1000)
  }
  return least
}

/**
 * Issue 25, item 7: an HTML page and `--parse-messages` of one message of hostile Markdown as it doubles from 8 to
 * 64 KB, in CPU time per KB (the least of `runs`), side by side with prose. Linear work keeps ms/KB flat as the
 * size doubles; quadratic work doubles it. `BENCH_LIBRARY` names another build's library entry
 * (`packages/cli/dist/bundle/index.js`), `BENCH_BUDGET_KB` the sizes, to measure a build before the fix.
 */
export async function benchMarkdownBudget(setup: MarkdownBudgetSetup): Promise<void> {
  const sizes = (process.env['BENCH_BUDGET_KB'] ?? '8,16,32,64').split(',').map(Number)
  const library = (await import(process.env['BENCH_LIBRARY'] ?? 'chatmark')) as typeof import('chatmark')
  const html = await library.loadWriter('html')
  const modes: Record<string, (conversation: Conversation) => unknown> = {
    '--to html': (value) => [...html.write(value)].join(''),
    '--parse-messages': (value) => library.toNote(value, {parseMessages: true})
  }
  for (const [mode, render] of Object.entries(modes)) {
    console.log(`\nMarkdown budget, ${mode}: CPU ms per KB of the message`)
    console.log(`${'message'.padEnd(16)}${sizes.map((kb) => `${kb} KB`.padStart(10)).join('')}`)
    for (const [name, make] of Object.entries(payloads)) {
      const cells = sizes.map((kb) => {
        const value = conversation(make(kb * 1024))
        try {
          return (cpuMs(() => render(value), setup.runs) / kb).toFixed(2).padStart(10)
        } catch (error) {
          // A build before the budget overflows its stack on deep nesting: that is the figure.
          return ` ${error instanceof Error ? error.name : 'failed'}`.padStart(10)
        }
      })
      console.log(`${name.padEnd(16)}${cells.join('')}`)
    }
  }
}
