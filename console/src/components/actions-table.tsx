import type { ReactNode } from 'react'

/**
 * The settings' list tables (widget secrets, team members, invitations): a caption (kept for screen
 * readers when hidden), one header per column, and a last, unlabelled column for the row's actions.
 */
export function ActionsTable({
  caption,
  captionHidden,
  columns,
  children,
}: {
  caption: string
  captionHidden?: boolean
  columns: readonly string[]
  children: ReactNode
}) {
  return (
    <div className="rk-table-scroll">
      <table className="rk-data-table">
        <caption className={captionHidden ? 'rk-visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="rk-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
