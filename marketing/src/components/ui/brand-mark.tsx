import { BRAND_MARK } from '@retainkit/shared/brand-mark'

/** The logo (the mark the console draws too, from shared). Decorative. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox={BRAND_MARK.viewBox}
      aria-hidden="true"
      focusable="false"
    >
      <rect {...BRAND_MARK.square} />
      {BRAND_MARK.paths.map((d) => (
        <path key={d} d={d} {...BRAND_MARK.stroke} />
      ))}
    </svg>
  )
}
