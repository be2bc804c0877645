/** The title of the task card `card` creates in the race scenario. */
export function cardTitle(card: number): string {
  return `Card ${card}`
}
