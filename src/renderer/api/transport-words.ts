// What the host transport says when a call fails. The transport is in the page's first
// script, which starts the first calls before React or the catalogs load, so it cannot
// read the catalogs itself: it says these in English until the page, once its words are
// loaded, hands it the translated ones (app/boot.tsx).
export interface TransportWords {
  unreachable(): string
  noResult(status: number): string
  unexpectedBody(status: number): string
}

let words: TransportWords = {
  unreachable: () => 'Cannot reach the MediaGen host. Is it still running?',
  noResult: (status) => `The host answered ${status} without a result`,
  unexpectedBody: (status) => `The host answered ${status} with an unexpected body`
}

export function transportWords(): TransportWords {
  return words
}

export function speakTransportWords(translated: TransportWords): void {
  words = translated
}
