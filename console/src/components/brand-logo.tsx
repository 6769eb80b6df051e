import { BRAND_MARK } from '@retainkit/shared/brand-mark'
import { ROUTES } from '@retainkit/shared/routes'

/** The Retainkit logo as the marketing site draws it (the shared mark) beside the name; links home. */
export function BrandLogo() {
  return (
    <a className="rk-brand" href={ROUTES.home}>
      <svg
        className="rk-brand__mark"
        width="28"
        height="28"
        viewBox={BRAND_MARK.viewBox}
        aria-hidden="true"
        focusable="false"
      >
        <rect {...BRAND_MARK.square} />
        {BRAND_MARK.paths.map((d) => (
          <path key={d} d={d} {...BRAND_MARK.stroke} />
        ))}
      </svg>
      <span>Retainkit</span>
    </a>
  )
}
