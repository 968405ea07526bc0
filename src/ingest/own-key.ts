/** Sets an own property even for keys like `__proto__` (plain assignment would change the prototype instead). */
export function setOwnKey<V>(o: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}
