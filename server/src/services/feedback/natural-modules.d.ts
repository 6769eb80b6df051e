// The parts of `natural` the write-in scorer loads, by path: its index loads every module it has (storage
// back ends, WordNet, classifiers), which the server neither needs nor should carry in memory.
declare module 'natural/lib/natural/stemmers/porter_stemmer.js' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/stemmers/porter_stemmer_fr.js' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/stemmers/porter_stemmer_de.js' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/stemmers/porter_stemmer_es.js' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/sentiment/SentimentAnalyzer.js' {
  class SentimentAnalyzer {
    constructor(language: string, stemmer: { stem(token: string): string } | null, type: string)
    vocabulary: Record<string, number>
    negations: string[]
    getSentiment(words: string[]): number
  }
  export default SentimentAnalyzer
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer.js' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer_fr.js' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer_de.js' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer_es.js' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
