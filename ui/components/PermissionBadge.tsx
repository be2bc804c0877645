import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'
import { describePermission } from '../core/describePermission.ts'

const icons: Record<PermissionLevel, string> = {
  read: '◎',
  write: '✎',
  destructive: '⚠',
  execute: '▶',
}

/** A coloured badge naming a tool's permission level; each level looks different. */
export function PermissionBadge({ permission }: { permission: PermissionLevel }) {
  const { label, sentence } = describePermission(permission)
  return (
    <span
      className={`sp-badge sp-badge--${permission}`}
      title={sentence}
      data-permission={permission}
    >
      <span aria-hidden="true" className="sp-badge__icon">
        {icons[permission] ?? '•'}
      </span>
      {label}
    </span>
  )
}
