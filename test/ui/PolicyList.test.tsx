// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkspacePanel } from '../../ui/components/WorkspacePanel.tsx'
import type { PolicyAccess } from '../../ui/core/PolicyAccess.ts'
import type { WorkspaceReader } from '../../ui/core/WorkspaceReader.ts'

afterEach(cleanup)

const reader: WorkspaceReader = {
  readTasks: async () => [],
  readMemory: async () => [],
  listArtifacts: async () => [],
  readNotebooks: async () => [],
}

describe('the side panel tells the user what is wrong with the rules file', () => {
  it('a corrupt policies.json: says "always" is refused until it is repaired or moved', async () => {
    const access: PolicyAccess = {
      listPolicies: async () => [],
      revokePolicy: async () => {},
      policyProblems: async () => ({
        invalid: [],
        corrupt: {
          file: 'policies.json',
          message: 'policies.json is corrupt: it is not valid JSON',
        },
      }),
    }
    render(<WorkspacePanel reader={reader} run={undefined} policies={access} />)
    const alert = await screen.findByText(/Your rules file is damaged/)
    expect(alert.textContent).toContain('repair or move it')
    expect(alert.textContent).toContain('policies.json is corrupt')
  })

  it('an ignored rule is named with its reason', async () => {
    const access: PolicyAccess = {
      listPolicies: async () => [],
      revokePolicy: async () => {},
      policyProblems: async () => ({
        invalid: [
          {
            rule: { id: 'hand-1', tool: 'create_task', effect: 'allow', scope: 'always' },
            reason: 'allow rules last for a run or a session, never always',
          },
        ],
      }),
    }
    render(<WorkspacePanel reader={reader} run={undefined} policies={access} />)
    const item = await screen.findByText(/hand-1/)
    expect(item.textContent).toContain('"hand-1" (always allow adding tasks)')
    expect(item.textContent).toContain('never always')
  })
})
