import type { ReactNode, SVGProps } from 'react'

/**
 * The app's icons: inline SVG drawn on a 24-unit grid with a 1.75 stroke in the current text colour.
 * No icon font and no icon package: each icon costs a few dozen bytes and never flashes or fails to load.
 * Icons are decorative (`aria-hidden`) unless given a `title`; buttons carry their own `aria-label`.
 */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height; any CSS length or a number of pixels. Defaults to 20. */
  size?: number | string
  /** A text alternative, for the rare icon that stands alone without a labelled parent. */
  title?: string
}

function createIcon(displayName: string, shape: ReactNode, filled = false) {
  function Icon({ size = 20, title, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {shape}
      </svg>
    )
  }
  Icon.displayName = displayName
  return Icon
}

export const MenuIcon = /* @__PURE__ */ createIcon('MenuIcon', <path d="M3 6h18M3 12h18M3 18h18" />)
export const CloseIcon = /* @__PURE__ */ createIcon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />)
export const ChevronDownIcon = /* @__PURE__ */ createIcon(
  'ChevronDownIcon',
  <path d="M6 9l6 6 6-6" />,
)
export const ChevronUpIcon = /* @__PURE__ */ createIcon('ChevronUpIcon', <path d="M6 15l6-6 6 6" />)
export const ChevronRightIcon = /* @__PURE__ */ createIcon(
  'ChevronRightIcon',
  <path d="M9 6l6 6-6 6" />,
)
export const ChevronLeftIcon = /* @__PURE__ */ createIcon(
  'ChevronLeftIcon',
  <path d="M15 6l-6 6 6 6" />,
)
export const ArrowRightIcon = /* @__PURE__ */ createIcon(
  'ArrowRightIcon',
  <path d="M4 12h16M14 6l6 6-6 6" />,
)
export const PlusIcon = /* @__PURE__ */ createIcon('PlusIcon', <path d="M12 5v14M5 12h14" />)
export const MinusIcon = /* @__PURE__ */ createIcon('MinusIcon', <path d="M5 12h14" />)
export const CheckIcon = /* @__PURE__ */ createIcon(
  'CheckIcon',
  <path d="M5 12.5l4.5 4.5L19 7.5" />,
)

export const SearchIcon = /* @__PURE__ */ createIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </>,
)

export const UserIcon = /* @__PURE__ */ createIcon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </>,
)

export const ShoppingBagIcon = /* @__PURE__ */ createIcon(
  'ShoppingBagIcon',
  <>
    <path d="M5 8h14l-1 13H6L5 8z" />
    <path d="M9 8V6a3 3 0 016 0v2" />
  </>,
)

export const HeartIcon = /* @__PURE__ */ createIcon(
  'HeartIcon',
  <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0112 7.3a4.3 4.3 0 017.5 2.5C19.5 15.4 12 20 12 20z" />,
)

export const DashboardIcon = /* @__PURE__ */ createIcon(
  'DashboardIcon',
  <>
    <rect x="3.5" y="3.5" width="7" height="8" rx="1" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1" />
    <rect x="3.5" y="14.5" width="7" height="6" rx="1" />
  </>,
)

export const TruckIcon = /* @__PURE__ */ createIcon(
  'TruckIcon',
  <>
    <path d="M2.5 6.5h11v10h-11zM13.5 10h4l3 3.5v3h-7" />
    <circle cx="6.5" cy="17.5" r="1.75" />
    <circle cx="17" cy="17.5" r="1.75" />
  </>,
)

export const ShieldCheckIcon = /* @__PURE__ */ createIcon(
  'ShieldCheckIcon',
  <>
    <path d="M12 3l7.5 3v5.5c0 4.6-3.2 8.1-7.5 9.5-4.3-1.4-7.5-4.9-7.5-9.5V6L12 3z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </>,
)

export const ReturnIcon = /* @__PURE__ */ createIcon(
  'ReturnIcon',
  <>
    <path d="M4 4v5h5" />
    <path d="M4.6 9A8 8 0 1112 20" />
  </>,
)

export const HandHeartIcon = /* @__PURE__ */ createIcon(
  'HandHeartIcon',
  <>
    <path d="M12 11.5s-3.5-2.1-3.5-4.6A2 2 0 0112 5.8a2 2 0 013.5 1.1c0 2.5-3.5 4.6-3.5 4.6z" />
    <path d="M3 15.5h3.5l4 2h5a1.5 1.5 0 000-3h-3" />
    <path d="M6.5 15.5l3-1.8a3 3 0 012.6-.2l4.4 1.6L20 13.5a1.5 1.5 0 011.5 2.3L17 20H9.5l-3-1.5H3" />
  </>,
)

export const MapPinIcon = /* @__PURE__ */ createIcon(
  'MapPinIcon',
  <>
    <path d="M12 21s-6.5-5.8-6.5-11a6.5 6.5 0 0113 0c0 5.2-6.5 11-6.5 11z" />
    <circle cx="12" cy="10" r="2.25" />
  </>,
)

export const PhoneIcon = /* @__PURE__ */ createIcon(
  'PhoneIcon',
  <path d="M5 3.5h3.5l1.5 4.5-2 1.3a11 11 0 005.7 5.7l1.3-2 4.5 1.5V18a2 2 0 01-2 2A16.5 16.5 0 013 5.5a2 2 0 012-2z" />,
)

export const MailIcon = /* @__PURE__ */ createIcon(
  'MailIcon',
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="1.5" />
    <path d="M3.5 6.5L12 13l8.5-6.5" />
  </>,
)

export const ClockIcon = /* @__PURE__ */ createIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
)

export const GiftIcon = /* @__PURE__ */ createIcon(
  'GiftIcon',
  <>
    <rect x="3.5" y="8.5" width="17" height="4" rx="0.5" />
    <path d="M5 12.5v8h14v-8M12 8.5v12" />
    <path d="M12 8.5S10.5 4 8 4a2.25 2.25 0 000 4.5h4zM12 8.5S13.5 4 16 4a2.25 2.25 0 010 4.5h-4z" />
  </>,
)

export const SparkleIcon = /* @__PURE__ */ createIcon(
  'SparkleIcon',
  <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16z" />,
)

export const StarIcon = /* @__PURE__ */ createIcon(
  'StarIcon',
  <path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.8L12 3.5z" />,
  true,
)

export const MobileMoneyIcon = /* @__PURE__ */ createIcon(
  'MobileMoneyIcon',
  <>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
    <path d="M10.5 18.5h3M9.5 9.5h5M12 7.5v6M10 12.5h3.25a1.25 1.25 0 000-2.5H10.75a1.25 1.25 0 010-2.5H14" />
  </>,
)

export const CashIcon = /* @__PURE__ */ createIcon(
  'CashIcon',
  <>
    <rect x="2.5" y="6.5" width="19" height="11" rx="1.5" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v5M18 9.5v5" />
  </>,
)

export const MessageIcon = /* @__PURE__ */ createIcon(
  'MessageIcon',
  <path d="M20.5 11.5a8 8 0 01-11.8 7L3.5 20l1.5-4.8A8 8 0 1120.5 11.5z" />,
)

export const SendIcon = /* @__PURE__ */ createIcon(
  'SendIcon',
  <path d="M21 3L10 14M21 3l-6.5 18-4-7.5L3 9.5 21 3z" />,
)

export const TrashIcon = /* @__PURE__ */ createIcon(
  'TrashIcon',
  <path d="M4 7h16M9.5 7V4.5h5V7M6.5 7l1 13h9l1-13M10 11v5.5M14 11v5.5" />,
)

export const WifiOffIcon = /* @__PURE__ */ createIcon(
  'WifiOffIcon',
  <>
    <path d="M3 3l18 18" />
    <path d="M8.5 16.2a5 5 0 017 0M5 12.6a10 10 0 014.2-2.4M19 12.6a10 10 0 00-2.1-1.6M2 9a14.5 14.5 0 015-3M22 9a14.5 14.5 0 00-10-3.9" />
    <circle cx="12" cy="19.5" r="0.5" />
  </>,
)

export const DownloadIcon = /* @__PURE__ */ createIcon(
  'DownloadIcon',
  <path d="M12 3.5v12M7 10.5l5 5 5-5M4.5 20.5h15" />,
)

export const RefreshIcon = /* @__PURE__ */ createIcon(
  'RefreshIcon',
  <>
    <path d="M20 4v5h-5M4 20v-5h5" />
    <path d="M19.4 9A8 8 0 005.6 7.2L4 9M4.6 15a8 8 0 0013.8 1.8L20 15" />
  </>,
)

export const InstagramIcon = /* @__PURE__ */ createIcon(
  'InstagramIcon',
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="4.5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17" cy="7" r="0.6" />
  </>,
)

export const FacebookIcon = /* @__PURE__ */ createIcon(
  'FacebookIcon',
  <path d="M14 8.5h2.5V5H14a3.5 3.5 0 00-3.5 3.5V11H8v3.5h2.5V21H14v-6.5h2.5L17 11h-3V9a.5.5 0 01.5-.5z" />,
)

export const TikTokIcon = /* @__PURE__ */ createIcon(
  'TikTokIcon',
  <path d="M14 3.5v11.25a3.25 3.25 0 11-3.25-3.25M14 3.5c.4 2.6 2.3 4.5 5 4.75" />,
)
