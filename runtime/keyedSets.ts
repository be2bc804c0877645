/** Adds `item` to the set under `key`; the returned function removes it (and an emptied set). */
export function addTo<T>(map: Map<string, Set<T>>, key: string, item: T): () => void {
  let set = map.get(key)
  if (set === undefined) {
    set = new Set()
    map.set(key, set)
  }
  set.add(item)
  return () => {
    set.delete(item)
    if (set.size === 0 && map.get(key) === set) map.delete(key)
  }
}
