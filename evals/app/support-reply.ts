// The "feature under test" of the judged example: a support bot that answers from a table of canned replies.
// Some replies paraphrase the policy, so an exact rule misses them; two are wrong on purpose.

const CANNED: Array<[RegExp, string]> = [
  [/sale item/i, 'Sale items can be returned within 30 days, like everything else.'],
  [/return/i, 'Yes, you can return items within 30 days of delivery.'],
  [/refund/i, 'Refunds reach your card within 5 business days of us receiving the parcel.'],
  [/canada/i, 'Yes, we deliver to Canada; it usually takes 7 to 10 days.'],
  [/warranty/i, 'The kettle comes with a two-year warranty against defects.'],
  [/damaged/i, 'Sorry to hear that! Reply with a picture of the damage and we will send a replacement.'],
  [/express/i, 'Express shipping costs $15 and arrives the next working day.'],
  [/address/i, 'You can change the address until the order leaves our warehouse.'],
  [/restocking/i, 'There is no restocking fee on returns.'],
]

/** Drafts a reply to a customer's message, or admits it has none. */
export function draftSupportReply(message: string): string {
  return CANNED.find(([pattern]) => pattern.test(message))?.[1] ?? "I'm not sure, sorry. Let me pass this to a colleague."
}
