import type { CSSProperties, ReactNode } from 'react'

/** Each column's name as a CSS string, so the phone layout can label every cell of a row card. */
function columnLabels(columns: readonly string[]): CSSProperties {
  return Object.fromEntries(
    columns.map((column, index) => [`--rk-column-${index + 1}`, JSON.stringify(column)]),
  )
}

/**
 * The settings' list tables (widget secrets, team members, invitations): a caption (kept for screen
 * readers when hidden), one header per column, and a last, unlabelled column for the row's actions.
 * On a phone each row becomes a card with every cell labelled by its column (see settings.css), so long
 * addresses keep whole lines instead of a few characters each.
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
      <table className="rk-data-table" style={columnLabels(columns)}>
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
