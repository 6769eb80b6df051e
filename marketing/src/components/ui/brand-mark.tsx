/** The logo: a looping arrow (a subscriber coming back) in a rounded square. Decorative. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#3730a3" />
      <path d="M22 11.5a8 8 0 1 0 1.6 7.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M23.5 6.5v6h-6"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
