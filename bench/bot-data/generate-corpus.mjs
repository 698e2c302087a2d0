// The 5,000-pair corpus of bench/bot: the hand-written pairs of qnas.json beside this file plus
// pairs generated from templates over the same shop (bike models, destinations, parts, clothing,
// workshop jobs, e-bike error codes), deterministic: the same corpus on every run.

/** mulberry32: a small seeded generator, so every run builds the same corpus. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const brands = [
  'Gazelle',
  'Batavus',
  'Cortina',
  'Trek',
  'Specialized',
  'Cube',
  'Tern',
  'Northwind',
];
const lines = [
  'Orange',
  'Ultimate',
  'Finez',
  'Marlin',
  'Sirrus',
  'Kathmandu',
  'Vektron',
  'Arroyo',
  'Chamonix',
  'Domane',
  'Nuroad',
  'Harbour',
];
const kinds = ['city bike', 'e-bike', 'gravel bike', 'road bike', 'hybrid', 'mountain bike'];
const destinations = [
  'Germany',
  'France',
  'Spain',
  'Italy',
  'Austria',
  'Denmark',
  'Sweden',
  'Finland',
  'Poland',
  'Portugal',
  'Ireland',
  'Greece',
  'Czechia',
  'Slovakia',
  'Slovenia',
  'Croatia',
  'Hungary',
  'Romania',
  'Bulgaria',
  'Estonia',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Malta',
  'Cyprus',
  'the United Kingdom',
  'Norway',
  'Switzerland',
];
const parts = [
  'chain',
  'cassette',
  'brake pads',
  'rear derailleur',
  'crankset',
  'bottom bracket',
  'headset',
  'saddle',
  'seatpost',
  'handlebar',
  'stem',
  'pedals',
  'inner tube',
  'tyre',
  'rim tape',
  'spokes',
  'brake rotor',
  'shifter',
  'mudguards',
  'kickstand',
];
const groupsets = ['Shimano Deore', 'Shimano 105', 'Shimano Nexus 7', 'SRAM Apex', 'SRAM GX'];
const clothing = [
  'winter jacket',
  'rain jacket',
  'bib shorts',
  'jersey',
  'gloves',
  'overshoes',
  'base layer',
  'gilet',
  'arm warmers',
  'cap',
];
const clothingLines = ['Pro', 'Essential', 'Thermal', 'Aero', 'Commute'];
const jobs = [
  'replacing a chain',
  'truing a wheel',
  'bleeding hydraulic brakes',
  'fitting a new tyre',
  'replacing brake cables',
  'adjusting the gears',
  'replacing a bottom bracket',
  'fitting mudguards',
  'fitting a child seat',
  'replacing a hub gear cable',
  'fitting a rear rack',
  'replacing spokes',
  'servicing a suspension fork',
  'fitting tubeless tyres',
  'replacing the headset',
  'fitting new grips',
  'fitting a kickstand',
  'replacing a derailleur hanger',
  'replacing brake pads',
  'installing lights',
];
const systems = ['Bosch', 'Shimano Steps', 'Bafang'];

function modelName(random, used) {
  for (;;) {
    const name =
      `${brands[Math.floor(random() * brands.length)]} ` +
      `${lines[Math.floor(random() * lines.length)]} ${100 + Math.floor(random() * 900)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

const pick = (random, list) => list[Math.floor(random() * list.length)];
const euros = (amount) => `€${amount.toFixed(2).replace(/\.00$/, '')}`;

/** Templates per bike model: question and answer from the model's (generated) facts. */
const modelTemplates = [
  (m) => [
    `What frame sizes does the ${m.name} come in?`,
    `The ${m.name} comes in sizes ${m.sizes}.`,
  ],
  (m) => [`How much does the ${m.name} weigh?`, `The ${m.name} weighs ${m.weight} kg in size M.`],
  (m) => [
    `Which gears does the ${m.name} have?`,
    `The ${m.name} has ${m.groupset} gears with ${m.speeds} speeds.`,
  ],
  (m) => [
    `What brakes are on the ${m.name}?`,
    `The ${m.name} has ${m.hydraulic ? 'hydraulic' : 'mechanical'} disc brakes.`,
  ],
  (m) => [
    `How wide are the tyres of the ${m.name}?`,
    `The ${m.name} rolls on ${m.tyre} mm tyres and takes up to ${m.tyre + 5} mm.`,
  ],
  (m) => [
    `Can I fit a rear rack on the ${m.name}?`,
    m.rack
      ? `Yes, the ${m.name} has rack mounts for racks up to 25 kg.`
      : `No, the ${m.name} has no rack mounts.`,
  ],
  (m) => [
    `What is the maximum load of the ${m.name}?`,
    `The ${m.name} carries up to ${m.load} kg, rider and luggage together.`,
  ],
  (m) => [`Which colours is the ${m.name} available in?`, `The ${m.name} comes in ${m.colours}.`],
  (m) => [
    `Is the ${m.name} suitable for commuting?`,
    `The ${m.name} is a ${m.kind}; ${m.kind === 'road bike' ? 'fast, but without mudguard or rack mounts' : 'with mudguard mounts, it is a good commuter'}.`,
  ],
  (m) => [
    `What battery does the ${m.name} have?`,
    m.kind === 'e-bike'
      ? `The ${m.name} has a ${m.battery} Wh ${m.system} battery, good for about ${Math.round(m.battery / 8)} km.`
      : `The ${m.name} is not electric: it has no battery.`,
  ],
  (m) => [
    `When will the ${m.name} be back in stock?`,
    `We expect new stock of the ${m.name} in week ${m.week}; click Notify me on its page to hear when it arrives.`,
  ],
  (m) => [
    `Does the ${m.name} come with a kickstand and lights?`,
    m.kind === 'city bike' || m.kind === 'e-bike'
      ? `Yes, the ${m.name} comes with a kickstand and dynamo lights.`
      : `No, the ${m.name} comes without kickstand and lights; we fit them for free when you buy them with it.`,
  ],
];

const colours = ['black', 'grey', 'green', 'blue', 'red', 'sand', 'white', 'petrol'];

/** Hand-written pairs first, then generated ones until there are `total`. */
export function buildCorpus(handWritten, total = 5000) {
  const random = seeded(20_240_601);
  const pairs = handWritten.map((pair) => ({ ...pair }));
  const add = (id, topics, question, answer) => {
    if (pairs.length < total) pairs.push({ id, topics, question, answer });
  };

  destinations.forEach((place, n) => {
    const days = 2 + (n % 5);
    add(
      `gen-dest-time-${n}`,
      ['Shipping'],
      `How long does delivery to ${place} take?`,
      `Orders to ${place} usually arrive within ${days}–${days + 2} working days.`,
    );
    add(
      `gen-dest-cost-${n}`,
      ['Shipping'],
      `What does shipping to ${place} cost?`,
      `Shipping to ${place} costs ${euros(5.95 + (n % 4) * 2)}; bikes ${euros(39 + (n % 3) * 10)}.`,
    );
    add(
      `gen-dest-return-${n}`,
      ['Returns'],
      `How do I send a return from ${place}?`,
      `From ${place}, print the label from My orders and drop the parcel at a ${n % 2 ? 'DHL' : 'post'} point; the label costs €6.95.`,
    );
  });

  parts.forEach((part, n) => {
    for (const [g, groupset] of groupsets.entries()) {
      add(
        `gen-part-${n}-${g}`,
        ['Parts'],
        `Is the ${groupset} ${part} in stock?`,
        `The ${groupset} ${part} is ${random() < 0.7 ? 'in stock in our warehouse' : 'expected back within 2 weeks'}.`,
      );
      add(
        `gen-part-fit-${n}-${g}`,
        ['Parts'],
        `Does a ${groupset} ${part} fit a ${pick(random, brands)} bike?`,
        `A ${groupset} ${part} fits any bike built with ${groupset.split(' ')[0]} ${g < 3 ? 'road or trekking' : 'mountain or gravel'} components; send us your model to be sure.`,
      );
    }
  });

  clothing.forEach((item, n) => {
    for (const [l, line] of clothingLines.entries()) {
      const name = `Northwind ${line} ${item}`;
      add(
        `gen-cloth-size-${n}-${l}`,
        ['Clothing', 'Sizing'],
        `How does the ${name} fit?`,
        `The ${name} has a ${l % 2 ? 'relaxed' : 'race'} fit; size chart on its page.`,
      );
      add(
        `gen-cloth-wash-${n}-${l}`,
        ['Clothing'],
        `How should I wash the ${name}?`,
        `Wash the ${name} at ${l % 2 ? 30 : 40} °C inside out, without fabric softener, and do not tumble dry.`,
      );
      add(
        `gen-cloth-temp-${n}-${l}`,
        ['Clothing'],
        `At what temperature can I wear the ${name}?`,
        `The ${name} is made for ${5 + l * 3} to ${15 + l * 3} °C.`,
      );
    }
  });

  jobs.forEach((job, n) => {
    add(
      `gen-job-cost-${n}`,
      ['Workshop'],
      `How much does ${job} cost?`,
      `${job[0].toUpperCase()}${job.slice(1)} costs ${euros(10 + ((n * 7) % 60))} in labour, plus parts.`,
    );
    add(
      `gen-job-time-${n}`,
      ['Workshop'],
      `How long does ${job} take?`,
      `${job[0].toUpperCase()}${job.slice(1)} takes about ${15 + ((n * 13) % 90)} minutes; book it online.`,
    );
  });

  for (const system of systems) {
    for (let code = 1; code <= 60; code++) {
      add(
        `gen-code-${system}-${code}`,
        ['E-bikes'],
        `What does error ${code} on my ${system} display mean?`,
        `Error ${code} on a ${system} system means ${['a sensor fault', 'low battery voltage', 'a motor overheating', 'a lost connection to the display'][code % 4]}; restart the system, and if it stays, book a diagnosis.`,
      );
    }
  }

  const usedNames = new Set();
  while (pairs.length < total) {
    const model = {
      name: modelName(random, usedNames),
      kind: pick(random, kinds),
      sizes: ['S, M and L', 'M, L and XL', 'XS to XL', '49, 53, 57 and 61 cm'][
        Math.floor(random() * 4)
      ],
      weight: (9 + random() * 18).toFixed(1),
      groupset: pick(random, groupsets),
      speeds: pick(random, [7, 8, 10, 11, 12]),
      hydraulic: random() < 0.7,
      tyre: pick(random, [28, 32, 35, 40, 47, 55]),
      rack: random() < 0.6,
      load: pick(random, [110, 120, 130, 140, 150]),
      colours: `${pick(random, colours)} and ${pick(random, colours)}`,
      battery: pick(random, [400, 500, 545, 625, 750]),
      system: pick(random, systems),
      week: 1 + Math.floor(random() * 52),
    };
    for (const [t, template] of modelTemplates.entries()) {
      const [question, answer] = template(model);
      const slug = model.name.toLowerCase().replace(/\s+/g, '-');
      add(`gen-model-${slug}-${t}`, ['Bikes', model.kind], question, answer);
    }
  }
  return pairs;
}
