/** What a page scoped to one account shows while the session names none. */
export function NoAccountNotice() {
  return (
    <p className="rk-notice" role="alert">
      No account selected. Choose an account from the account menu.
    </p>
  )
}
