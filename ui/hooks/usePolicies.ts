import { useCallback, useEffect, useState } from 'react'
import type { PolicyFileProblems, PolicyRule } from '../../workspace/policyFile.ts'
import type { PolicyAccess } from '../core/PolicyAccess.ts'

/** The user's standing rules as the side panel shows them. */
export interface PoliciesView {
  rules: readonly PolicyRule[]
  /** What is wrong with the rules file (ignored rules, a corrupt file), when the access can tell. */
  problems: PolicyFileProblems
  loading: boolean
  error?: string
  /** Reads the rules again. */
  reload(): void
  /** Revokes a rule, then reads the rules again; rejects when the revoke was refused. */
  revoke(ruleId: string): Promise<void>
}

/** Reads the rules from `access`; reads again whenever `refreshKey` changes (e.g. after a decision). */
export function usePolicies(
  access: PolicyAccess | undefined,
  refreshKey: unknown = 0,
): PoliciesView {
  const [data, setData] = useState<{
    rules: readonly PolicyRule[]
    problems: PolicyFileProblems
    loading: boolean
    error?: string
  }>({ rules: [], problems: noProblems, loading: access !== undefined })
  const [nonce, setNonce] = useState(0)
  const reload = useCallback(() => setNonce((n) => n + 1), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and nonce are triggers only
  useEffect(() => {
    if (access === undefined) return
    let current = true
    Promise.all([access.listPolicies(), access.policyProblems?.() ?? noProblems]).then(
      ([rules, problems]) => {
        if (current) setData({ rules, problems, loading: false })
      },
      (error: unknown) => {
        if (current) setData((d) => ({ ...d, loading: false, error: messageOf(error) }))
      },
    )
    return () => {
      current = false
    }
  }, [access, refreshKey, nonce])

  const revoke = useCallback(
    async (ruleId: string) => {
      if (access === undefined) return
      try {
        await access.revokePolicy(ruleId)
      } finally {
        reload()
      }
    },
    [access, reload],
  )

  return { ...data, reload, revoke }
}

const noProblems: PolicyFileProblems = { invalid: [] }

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
