/**
 * The demo club's write-ins in its subscribers' other languages (French, German, Spanish): what
 * subscribers reading the cancel flow in those languages write, per reason, with openers and closers as
 * in English (demo-texts.ts). Each list is used exactly as the English one, so a session draws the same
 * number of random values whatever its language and the rest of the history stays as it was.
 */
export interface DemoLanguageTexts {
  feedback: Readonly<Record<string, readonly string[]>>
  openers: readonly string[]
  closers: readonly string[]
}

export const DEMO_TEXTS_FR: DemoLanguageTexts = {
  feedback: {
    too_expensive: [
      'Le prix a encore augmenté, c’est trop cher pour du café.',
      'Les frais de port rendent chaque sachet trop cher.',
      'Budget serré cette année, je dois réduire mes abonnements.',
      'Je trouve des grains corrects au supermarché pour moitié prix.',
      'J’adore les torréfactions mais 38 € par mois dépasse mon budget.',
      'Avec le nouveau tarif, la formule double n’a plus de sens.',
    ],
    not_using_enough: [
      'Les sachets s’accumulent dans le placard.',
      'Je bois moins de café depuis que je retourne au bureau.',
      'La moitié de chaque sachet perd son goût avant que je l’ouvre.',
      'Nous sommes passés au thé le matin.',
      'Un sachet par mois suffirait largement.',
    ],
    switched_competitor: [
      'J’ai trouvé un torréfacteur local qui livre à vélo.',
      'Une amie m’a offert un abonnement chez une autre maison.',
      'Je passe chez un concurrent qui me laisse choisir chaque café.',
      'Un autre club offre un moulin avec la formule annuelle.',
    ],
    temporary_break: [
      'Je pars à l’étranger pour l’été, je reviendrai en septembre.',
      'Déménagement le mois prochain, je me réabonnerai après.',
      'Je fais une pause avec la caféine pendant un moment.',
      'Travaux dans la cuisine, plus de machine à espresso pendant deux mois.',
    ],
    missing_features: [
      'Il manque une option décaféiné pour certaines livraisons.',
      'Merci d’ajouter une mouture pour ma cafetière à piston.',
      'Impossible de sauter une seule livraison sans tout mettre en pause.',
      'J’aimerais choisir mes cafés au lieu de recevoir des surprises.',
    ],
    technical_issues: [
      'Le site me déconnecte chaque fois que je change d’adresse.',
      'Deux livraisons ne sont jamais arrivées et le suivi ne montrait rien.',
      'J’ai été débité deux fois en mars.',
      'L’application plante quand je mets à jour ma carte.',
    ],
    other: [
      'Ce n’est simplement plus pour moi.',
      'Mon médecin m’a conseillé de réduire le café.',
      'Les torréfactions étaient trop foncées à mon goût.',
      'Le service client a mis une semaine à répondre.',
    ],
  },
  openers: [
    'Honnêtement, ',
    'Désolé, ',
    'Pour être juste, ',
    'Bonjour ! ',
    'En bref : ',
    'Pour faire court, ',
  ],
  closers: [
    ' Merci pour le super café.',
    ' Je reviendrai peut-être plus tard.',
    ' Continuez comme ça !',
    ' Le café de Colombie était mon préféré.',
    ' Bonne continuation !',
    ' Merci d’arrêter les e-mails.',
    ' Le mélange éthiopien était délicieux.',
    ' Les notes de dégustation vont me manquer.',
  ],
}

export const DEMO_TEXTS_DE: DemoLanguageTexts = {
  feedback: {
    too_expensive: [
      'Der Preis ist schon wieder gestiegen, für Kaffee zu teuer.',
      'Die Versandkosten machen jede Tüte zu teuer.',
      'Das Geld ist dieses Jahr knapp, ich muss Abos kündigen.',
      'Im Supermarkt bekomme ich ordentliche Bohnen zum halben Preis.',
      'Ich liebe die Röstungen, aber 38 € im Monat sprengen mein Budget.',
      'Mit dem neuen Preis lohnt sich das Doppelpaket nicht mehr.',
    ],
    not_using_enough: [
      'Die Tüten stapeln sich im Schrank.',
      'Seit ich wieder im Büro arbeite, trinke ich weniger Kaffee.',
      'Die Hälfte jeder Tüte wird alt, bevor ich sie öffne.',
      'Morgens trinken wir jetzt Tee.',
      'Eine Tüte im Monat würde völlig reichen.',
    ],
    switched_competitor: [
      'Ich habe eine lokale Rösterei gefunden, die mit dem Rad liefert.',
      'Eine Freundin hat mir ein Abo bei einer anderen Rösterei geschenkt.',
      'Ich wechsle zu einem Anbieter, bei dem ich jede Röstung selbst wähle.',
      'Ein anderer Club schenkt zum Jahresabo eine Mühle dazu.',
    ],
    temporary_break: [
      'Ich bin den Sommer über im Ausland, im September bin ich wieder da.',
      'Wir ziehen nächsten Monat um, danach abonniere ich wieder.',
      'Ich mache eine Weile Pause vom Koffein.',
      'Die Küche wird renoviert, zwei Monate keine Espressomaschine.',
    ],
    missing_features: [
      'Mir fehlt eine Option für entkoffeinierten Kaffee.',
      'Bitte bietet einen Mahlgrad für meine French Press an.',
      'Ich kann keine einzelne Lieferung überspringen, ohne alles zu pausieren.',
      'Ich würde gern die Röstungen selbst auswählen statt Überraschungen zu bekommen.',
    ],
    technical_issues: [
      'Die Website hat mich bei jeder Adressänderung abgemeldet.',
      'Zwei Lieferungen kamen nie an und die Sendungsverfolgung zeigte nichts.',
      'Mir wurde im März doppelt abgebucht.',
      'Die App stürzt ab, wenn ich meine Karte aktualisiere.',
    ],
    other: [
      'Es passt einfach nicht mehr zu mir.',
      'Mein Arzt hat mir geraten, weniger Kaffee zu trinken.',
      'Die Röstungen waren mir zu dunkel.',
      'Der Kundenservice hat eine Woche für eine Antwort gebraucht.',
    ],
  },
  openers: [
    'Ehrlich gesagt, ',
    'Sorry, ',
    'Fairerweise: ',
    'Hallo Team! ',
    'Kurz gesagt: ',
    'Lange Rede, kurzer Sinn: ',
  ],
  closers: [
    ' Danke für den tollen Kaffee.',
    ' Vielleicht komme ich später wieder.',
    ' Macht weiter so!',
    ' Die kolumbianische Röstung war mein Favorit.',
    ' Alles Gute!',
    ' Bitte keine E-Mails mehr.',
    ' Die äthiopische Mischung war trotzdem herrlich.',
    ' Die Verkostungsnotizen werden mir fehlen.',
  ],
}

export const DEMO_TEXTS_ES: DemoLanguageTexts = {
  feedback: {
    too_expensive: [
      'El precio ha vuelto a subir y es demasiado caro para un café.',
      'Los gastos de envío hacen que cada bolsa sea demasiado cara.',
      'Este año el dinero no alcanza, tengo que recortar suscripciones.',
      'En el supermercado encuentro grano decente a mitad de precio.',
      'Me encantan los tuestes pero 38 € al mes superan mi presupuesto.',
      'Con el nuevo precio el plan doble ya no tiene sentido.',
    ],
    not_using_enough: [
      'Las bolsas se acumulan en el armario.',
      'Bebo menos café desde que volví a la oficina.',
      'La mitad de cada bolsa pierde el sabor antes de abrirla.',
      'Por las mañanas ahora tomamos té.',
      'Una bolsa al mes sería más que suficiente.',
    ],
    switched_competitor: [
      'Encontré un tostador local que reparte en bicicleta.',
      'Una amiga me regaló una suscripción de otra tostadora.',
      'Me paso a la competencia, allí puedo elegir cada tueste.',
      'Otro club regala un molinillo con el plan anual.',
    ],
    temporary_break: [
      'Me voy al extranjero en verano, vuelvo en septiembre.',
      'Me mudo el mes que viene, me volveré a suscribir después.',
      'Hago una pausa con la cafeína durante un tiempo.',
      'Estamos reformando la cocina, dos meses sin cafetera.',
    ],
    missing_features: [
      'Falta una opción de descafeinado para algunas entregas.',
      'Añadid una molienda para mi cafetera de émbolo, por favor.',
      'No puedo saltarme una sola entrega sin pausarlo todo.',
      'Me gustaría elegir los tuestes en lugar de recibir sorpresas.',
    ],
    technical_issues: [
      'La web me cerraba la sesión cada vez que cambiaba la dirección.',
      'Dos entregas nunca llegaron y el seguimiento no mostraba nada.',
      'Me cobraron dos veces en marzo.',
      'La app se cuelga cuando actualizo la tarjeta.',
    ],
    other: [
      'Simplemente ya no es para mí.',
      'Mi médico me dijo que tomara menos café.',
      'Los tuestes eran demasiado oscuros para mi gusto.',
      'Atención al cliente tardó una semana en responder.',
    ],
  },
  openers: ['Sinceramente, ', 'Lo siento, ', 'Para ser justos, ', '¡Hola! ', 'En resumen: ', 'Resumiendo, '],
  closers: [
    ' Gracias por el café tan bueno.',
    ' Quizás vuelva más adelante.',
    ' ¡Seguid así!',
    ' El café de Colombia era mi favorito.',
    ' ¡Mucha suerte!',
    ' Dejad de mandarme correos, por favor.',
    ' La mezcla etíope estaba deliciosa.',
    ' Echaré de menos las notas de cata.',
  ],
}
