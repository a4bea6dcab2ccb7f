import { affiliates, delivery, payments, returnsPolicy, store } from '@/config/site'
import { ksh } from '../components/ksh'

export interface Faq {
  question: string
  answer: string
}

export interface FaqGroup {
  title: string
  items: Faq[]
}

const hours = store.openingHours.map((line) => `${line.days} ${line.hours}`).join(' and ')

/** The questions customer care hears most, answered with the store's real figures. */
export const faqGroups: FaqGroup[] = [
  {
    title: 'Orders and payment',
    items: [
      {
        question: 'How do I pay?',
        answer: `By M-Pesa or cash on delivery. With M-Pesa you enter your Safaricom number at checkout and approve the STK push on your phone with your M-Pesa PIN; you can also pay to Paybill ${payments.mpesaPaybill} with your order number as the account. Cash on delivery is paid to the rider when your parcel arrives.`,
      },
      {
        question: 'Do I need an account to order?',
        answer:
          'No. You can check out as a guest with your phone number and email. An account lets you see your order history, save your delivery address and follow your orders.',
      },
      {
        question: 'The M-Pesa prompt did not reach my phone. What now?',
        answer:
          'Check that the number starts with 07, 01 or 254 and that your phone is on and unlocked, then try again from checkout. If the prompt times out or you cancel it, nothing is taken from your M-Pesa.',
      },
      {
        question: 'Are the prices in shillings?',
        answer:
          'Yes, every price is in Kenyan shillings and that is what you pay. The currency switch in the header also shows prices in US dollars, at 140 shillings to the dollar, for guidance only.',
      },
    ],
  },
  {
    title: 'Delivery',
    items: [
      {
        question: 'How much is delivery and how long does it take?',
        answer: `Delivery is free on orders from ${ksh(delivery.freeFromKes)}. Below that it is ${ksh(delivery.fees.nairobi)} within Nairobi (${delivery.estimate.nairobi}), ${ksh(delivery.fees.otherCounty)} to the other counties (${delivery.estimate.otherCounty}) or ${ksh(delivery.fees.pickup)} to a pickup point (${delivery.estimate.pickup}).`,
      },
      {
        question: 'Do you deliver outside Nairobi?',
        answer:
          'Yes, to all 47 counties. Add a town and a street or landmark, and a note for the rider if the place is hard to find.',
      },
      {
        question: 'Can I collect my order?',
        answer: `Yes. Choose a pickup point at checkout, or collect from our showroom at ${store.address}, open ${hours}.`,
      },
    ],
  },
  {
    title: 'Returns and sizing',
    items: [
      {
        question: 'What is your returns policy?',
        answer: `You have ${returnsPolicy.days} days from delivery to return an unworn item with its tags on. We refund to your M-Pesa once the item is back with us and checked. Opened beauty products, pierced earrings and altered items cannot be returned for hygiene and fitting reasons.`,
      },
      {
        question: 'How do I find my size?',
        answer:
          'Our size guide lists bust, waist and hip measurements for every letter size, waist sizes for jeans and trousers, and EU, UK and US shoe sizes. Between two sizes? Call or WhatsApp us and we will measure the piece for you.',
      },
    ],
  },
  {
    title: 'Products',
    items: [
      {
        question: 'Are your designer pieces authentic?',
        answer:
          'Always. Designer goods and watches come from brand boutiques and authorised distributors, with their original packaging, cards and warranty. If a piece ever turns out not to be genuine, we refund you in full.',
      },
      {
        question: 'Will an item I saw come back in stock?',
        answer:
          'Popular pieces are often restocked. Add it to your wishlist and check back, or ask us on WhatsApp and we will tell you when the next delivery is due.',
      },
    ],
  },
  {
    title: 'The app and your account',
    items: [
      {
        question: 'Can I use the shop without data?',
        answer:
          'Yes. Install the app to your home screen and the catalogue, your cart and your wishlist stay on your phone. You can browse and search offline; signing in, chatting with our assistant and paying need a connection.',
      },
      {
        question: 'How does the affiliate program work?',
        answer: `Share your link and earn ${affiliates.defaultCommissionPercent}% of the paid order subtotal on purchases made through it within ${affiliates.codeLifetimeDays} days. Commission is paid to your M-Pesa.`,
      },
    ],
  },
]
