import { HandHeartIcon, ReturnIcon, ShieldCheckIcon, TruckIcon } from '@/components/icons'
import { delivery, returnsPolicy } from '@/config/site'
import { laterClass } from '@/lib/first-frame'
import { groupDigits } from '@/lib/money'
import './home-sections.css'

/** The benefits strip: the threshold and the return window come from the store config. */
const benefits = [
  {
    icon: TruckIcon,
    title: 'Free Delivery',
    text: `Across Kenya on orders over KSh ${groupDigits(delivery.freeFromKes)}`,
  },
  { icon: ShieldCheckIcon, title: 'Authentic Quality', text: 'Genuine pieces, checked by hand' },
  {
    icon: ReturnIcon,
    title: `${returnsPolicy.days}-Day Returns`,
    text: 'Easy returns and exchanges',
  },
  { icon: HandHeartIcon, title: 'Local Impact', text: 'Supporting Kenyan artisans and makers' },
] as const

export function BenefitsStrip() {
  return (
    <section aria-label="Why shop with us" className={`benefits ${laterClass}`}>
      <ul className="home-container home-list benefits__list">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="benefit">
            <div className="benefit__icon">
              <Icon size={28} />
            </div>
            <div>
              <h3 className="benefit__title">{title}</h3>
              <p className="benefit__text">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
