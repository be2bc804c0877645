import { describe, expect, it } from 'vitest'
import { runInSandbox } from '../../../tools/sandbox/runInSandbox.ts'
import { afterResults, ask, calls, failed, ok, tools } from './plannerHarness.ts'

/** The code of the single run_code call the planner proposes for a message. */
async function proposedCode(text: string): Promise<string> {
  const proposed = calls(await ask(text))
  expect(proposed).toHaveLength(1)
  const [name, args] = proposed[0] ?? []
  expect(name).toBe('run_code')
  return (args as { code: string }).code
}

describe('OfflinePlanner: compute and run', () => {
  it('turns "compute the mean of …" into readable code that really gives 17', async () => {
    const code = await proposedCode('compute the mean of 12, 15, 19 and 22')
    expect(code.split('\n')[0]).toBe('// the mean of 12, 15, 19 and 22')
    expect(await runInSandbox({ code })).toEqual({ ok: true, output: '', value: 17 })
  })

  it.each([
    ['what is the median of 3, 1, 4, 1, 5?', 3],
    ['calculate the sum of 1.5, 2.5 and 6', 10],
    ['compute the standard deviation of 2, 4, 4, 4, 5, 5, 7, 9', 2],
    ['how many minutes are 3 h 20 min of reading', 200],
    ['compute 2 hours and 30 minutes in seconds', 9000],
    ['what is 15% of 80', 12],
    ['calculate (3 + 4) * 2 ^ 3', 56],
    ['work out 7 times 6', 42],
    ['compute the largest of 4, -2 and 9', 9],
  ])('%s → %s, computed in the sandbox', async (text, expected) => {
    const outcome = await runInSandbox({ code: await proposedCode(text) })
    expect(outcome).toMatchObject({ ok: true, value: expected })
  })

  it('"run: <code>" proposes the code verbatim: semicolons and "then" split nothing', async () => {
    expect(await proposedCode('run: const a = 1; if (a) { a + 1 } then; 2')).toBe(
      'const a = 1; if (a) { a + 1 } then; 2',
    )
    expect(await proposedCode('run:\n```js\nconst x = 2\nx * x\n```')).toBe('const x = 2\nx * x')
  })

  it('"run with <sources>: <code>" passes those sources as inputs', async () => {
    const proposed = calls(
      await ask('run with lecture-2.md, notes/week 1.md: inputs["lecture-2.md"].length'),
    )
    expect(proposed).toEqual([
      [
        'run_code',
        {
          code: 'inputs["lecture-2.md"].length',
          inputs: ['lecture-2.md', 'notes/week 1.md'],
        },
      ],
    ])
  })

  it('leaves other requests alone and does not guess at questions it cannot turn into code', async () => {
    expect(calls(await ask('what are my tasks'))).toEqual([['list_tasks', {}]])
    expect(calls(await ask('compute the gravity of the moon'))).toEqual([])
    expect(calls(await ask('add a task to review chapter 3 by Friday, importance 4'))[0]?.[0]).toBe(
      'create_task',
    )
  })

  it('says so when run_code is not offered', async () => {
    const turn = await ask('compute the mean of 1 and 2', tools(['list_tasks']))
    expect(turn.toolCalls).toBeUndefined()
    expect(turn.text).toBe("I can't run code here: the run_code tool is not available.")
  })

  it('answers with the labelled value, the printed lines, or why the code stopped', async () => {
    expect(
      (await afterResults('compute the mean of 12, 15, 19 and 22', [ok({ output: '', value: 17 })]))
        .text,
    ).toBe('The mean of 12, 15, 19 and 22 is 17.')
    expect(
      (await afterResults('run: console.log("a"); [1, 2]', [ok({ output: 'a\n', value: [1, 2] })]))
        .text,
    ).toBe('It printed:\na\nThe result is [1,2].')
    const stopped = JSON.stringify({
      ok: false,
      error: {
        code: 'code_error',
        message: "ReferenceError: 'y' is not defined",
        details: { line: 2 },
      },
    })
    expect((await afterResults('run: let x = 1\ny', [stopped])).text).toBe(
      "The code stopped with code_error: ReferenceError: 'y' is not defined (line 2).",
    )
    expect(
      (await afterResults('run: 1', [failed('user_denied', 'User denied the requested operation')]))
        .text,
    ).toBe('OK, I did not run that code.')
  })
})
