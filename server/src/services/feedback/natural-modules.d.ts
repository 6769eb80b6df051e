// The parts of `natural` the write-in scorer loads, by path: its index loads every module it has (storage
// back ends, WordNet, classifiers), which the server neither needs nor should carry in memory.
declare module 'natural/lib/natural/stemmers/porter_stemmer' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/stemmers/porter_stemmer_fr' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/stemmers/porter_stemmer_de' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/stemmers/porter_stemmer_es' {
  const stemmer: { stem(token: string): string }
  export default stemmer
}
declare module 'natural/lib/natural/sentiment/SentimentAnalyzer' {
  class SentimentAnalyzer {
    constructor(language: string, stemmer: { stem(token: string): string } | null, type: string)
    vocabulary: Record<string, number>
    negations: string[]
    getSentiment(words: string[]): number
  }
  export default SentimentAnalyzer
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer_fr' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer_de' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
declare module 'natural/lib/natural/tokenizers/aggressive_tokenizer_es' {
  export default class Tokenizer {
    tokenize(text: string): string[]
  }
}
