import { ROUTES } from '@retainkit/shared/routes'

/**
 * The Retainkit logo as the marketing site draws it (a looping arrow, a subscriber coming back, in a
 * rounded square) beside the name; links home.
 */
export function BrandLogo() {
  return (
    <a className="rk-brand" href={ROUTES.home}>
      <svg
        className="rk-brand__mark"
        width="28"
        height="28"
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="8" fill="#3730a3" />
        <path
          d="M22 11.5a8 8 0 1 0 1.6 7.5"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M23.5 6.5v6h-6"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Retainkit</span>
    </a>
  )
}
