/**
 * DentalMarket demo catalogue (fictional manufacturers and partners).
 *
 * GENERATED FILE — do not edit by hand. The single source of truth is the data in
 * backend/scripts/generate-seed-images.mjs; run `node backend/scripts/generate-seed-images.mjs`
 * to regenerate this file together with the product images in backend/assets/seed-images/.
 */

export interface SeedProduct {
  name: string;
  slug: string;
  description: string;
  price: string;
  manufacturer: string;
  specifications: Record<string, string>;
  features: string[];
  /** File name in backend/assets/seed-images */
  image: string;
  is_featured: boolean;
  is_new: boolean;
  rating: string;
  reviews_count: number;
  in_stock: boolean;
  delivery_time: string | null;
  warranty: string | null;
  external_link: string | null;
  affiliate_link: string | null;
  service_details: Record<string, unknown> | null;
}

export interface SeedSubcategory {
  name: string;
  slug: string;
  description: string;
  sort_order: number;
  products: SeedProduct[];
}

export interface SeedCategory {
  name: string;
  slug: string;
  description: string;
  icon: string;
  product_type: 'affiliate' | 'service' | 'equipment';
  sort_order: number;
  subcategories: SeedSubcategory[];
}

export const CATALOGUE: SeedCategory[] = [
  {
    "name": "Dental Chairs & Treatment Units",
    "slug": "dental-chairs-units",
    "description": "Treatment centres, ergonomic seating and operatory lighting for every surgery.",
    "icon": "fa-chair",
    "product_type": "equipment",
    "sort_order": 1,
    "subcategories": [
      {
        "name": "Treatment Centres",
        "slug": "treatment-centres",
        "description": "Complete chair-and-delivery units for general and specialist dentistry.",
        "sort_order": 1,
        "products": [
          {
            "name": "Meridian Aria 5 Treatment Centre",
            "slug": "meridian-aria-5-treatment-centre",
            "description": "A fully featured treatment centre with over-patient delivery, integrated LED light and a seamless upholstery that wipes clean in seconds. Memory positions and a foot control with wireless option keep four-handed dentistry smooth.",
            "price": "38950.00",
            "manufacturer": "Meridian Dental",
            "specifications": {
              "dimensions": "185 x 75 x 125 cm (reclined)",
              "power": "230 V / 50-60 Hz, 1.4 kW",
              "weight": "265 kg",
              "patient_capacity": "Up to 200 kg",
              "instrument_positions": "5 (over-patient)"
            },
            "features": [
              "4 programmable chair positions",
              "Integrated 30,000 lux LED light",
              "Seamless antimicrobial upholstery",
              "Wireless multifunction foot control",
              "Automatic bottle-water flushing"
            ],
            "image": "meridian-aria-5-treatment-centre.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 64,
            "in_stock": true,
            "delivery_time": "4-6 weeks",
            "warranty": "3 years parts and labour",
            "external_link": "https://www.meridiandental.example/treatment-centres/aria-5",
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Nordvik Sella S2 Compact Dental Unit",
            "slug": "nordvik-sella-s2-compact-unit",
            "description": "A space-saving unit designed for surgeries under 9 m², with a cart-mounted delivery system that works for left- and right-handed operators. Ideal for hygiene rooms and satellite clinics.",
            "price": "24500.00",
            "manufacturer": "Nordvik Medical",
            "specifications": {
              "dimensions": "172 x 68 x 118 cm (reclined)",
              "power": "230 V / 50 Hz, 1.1 kW",
              "weight": "198 kg",
              "patient_capacity": "Up to 180 kg",
              "delivery_system": "Mobile cart, 4 instrument positions"
            },
            "features": [
              "Ambidextrous cart delivery",
              "Fits surgeries from 2.8 m wide",
              "Quiet electro-hydraulic lift",
              "Detachable suction hoses for autoclaving"
            ],
            "image": "nordvik-sella-s2-compact-unit.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.6",
            "reviews_count": 21,
            "in_stock": true,
            "delivery_time": "3-4 weeks",
            "warranty": "2 years parts and labour",
            "external_link": "https://www.nordvikmedical.example/sella-s2",
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Kestrel OrthoLine Orthodontic Chair",
            "slug": "kestrel-ortholine-orthodontic-chair",
            "description": "A slim, low-entry chair for orthodontic and short-appointment work with a rotating base that lets the clinician reach every patient position without moving the stool.",
            "price": "14900.00",
            "manufacturer": "Kestrel Dental Systems",
            "specifications": {
              "dimensions": "178 x 62 x 110 cm (reclined)",
              "power": "230 V / 50-60 Hz, 0.8 kW",
              "weight": "142 kg",
              "base_rotation": "±60°"
            },
            "features": [
              "Low 42 cm entry height",
              "±60° rotating base",
              "Thin backrest for close access",
              "Two-button quick recline"
            ],
            "image": "kestrel-ortholine-orthodontic-chair.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 17,
            "in_stock": true,
            "delivery_time": "2-3 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Operator & Assistant Stools",
        "slug": "operator-assistant-stools",
        "description": "Ergonomic seating that protects the backs of dentists and nurses through long sessions.",
        "sort_order": 2,
        "products": [
          {
            "name": "Halden Ergo Saddle Stool",
            "slug": "halden-ergo-saddle-stool",
            "description": "A split-saddle operator stool that opens the hip angle to 130° and keeps the spine in its natural curve. The gas lift and tilt lock are reachable from either side.",
            "price": "689.00",
            "manufacturer": "Halden Instruments",
            "specifications": {
              "dimensions": "Seat 46 x 44 cm",
              "height_range": "52-72 cm",
              "weight": "11 kg",
              "max_load": "135 kg"
            },
            "features": [
              "Split saddle seat",
              "Adjustable seat tilt ±10°",
              "Seamless medical-grade vinyl",
              "Five soft-tread castors"
            ],
            "image": "halden-ergo-saddle-stool.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 88,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "5 years on frame, 2 years on gas lift",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Halden Assist Stool with Body Support",
            "slug": "halden-assist-stool-body-support",
            "description": "A dental assistant stool with a 360° rotating body support arm and foot ring, positioned 10-15 cm above the operator for a clear view into the mouth.",
            "price": "845.00",
            "manufacturer": "Halden Instruments",
            "specifications": {
              "dimensions": "Seat 42 x 40 cm",
              "height_range": "60-85 cm",
              "weight": "13 kg",
              "max_load": "120 kg"
            },
            "features": [
              "360° rotating body support",
              "Chrome foot ring",
              "Lockable height adjustment",
              "Colour-matched to Halden operator stools"
            ],
            "image": "halden-assist-stool-body-support.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 39,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "5 years on frame, 2 years on gas lift",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Operatory Lights",
        "slug": "operatory-lights",
        "description": "Shadow-free LED lighting for chair-mounted and ceiling installations.",
        "sort_order": 3,
        "products": [
          {
            "name": "Lumora LED 50K Operatory Light",
            "slug": "lumora-led-50k-operatory-light",
            "description": "A chair-mounted LED light delivering up to 50,000 lux at 5,000 K with a composite-safe mode that stops premature curing. Touch-free sensor control keeps the handles clean.",
            "price": "3290.00",
            "manufacturer": "Lumora Lighting",
            "specifications": {
              "dimensions": "Head 56 x 22 x 12 cm",
              "power": "24 V DC, 25 W",
              "illuminance": "8,000-50,000 lux",
              "colour_temperature": "5,000 K",
              "cri": "> 90"
            },
            "features": [
              "Touch-free sensor switching",
              "Composite-safe orange mode",
              "Autoclavable handles",
              "50,000 h LED lifetime"
            ],
            "image": "lumora-led-50k-operatory-light.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 45,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "3 years parts and labour",
            "external_link": "https://www.lumoralighting.example/operatory/led-50k",
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Lumora Ceiling-Mount Dual LED Light",
            "slug": "lumora-ceiling-mount-dual-led",
            "description": "A ceiling-mounted twin-head light for surgical suites, freeing the chair from weight and cables. Each head is independently dimmable and pivots on three axes.",
            "price": "5480.00",
            "manufacturer": "Lumora Lighting",
            "specifications": {
              "dimensions": "Arm reach 210 cm; heads 48 x 20 cm",
              "power": "100-240 V / 50-60 Hz, 60 W",
              "illuminance": "Up to 2 x 40,000 lux",
              "ceiling_height": "2.6-3.2 m"
            },
            "features": [
              "Two independently dimmable heads",
              "Three-axis pivot",
              "Frees chair from light weight",
              "Includes ceiling mounting plate"
            ],
            "image": "lumora-ceiling-mount-dual-led.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 12,
            "in_stock": false,
            "delivery_time": "6-8 weeks",
            "warranty": "3 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Imaging & Radiography",
    "slug": "imaging-radiography",
    "description": "Digital sensors, X-ray units and intraoral cameras for diagnosis and patient communication.",
    "icon": "fa-x-ray",
    "product_type": "equipment",
    "sort_order": 2,
    "subcategories": [
      {
        "name": "Intraoral Sensors",
        "slug": "intraoral-sensors",
        "description": "Direct digital sensors and phosphor plate systems for periapical and bitewing images.",
        "sort_order": 1,
        "products": [
          {
            "name": "ClearView DR-2 Intraoral Sensor, Size 2",
            "slug": "clearview-dr-2-intraoral-sensor",
            "description": "An adult size-2 CMOS sensor with rounded, bevelled corners for patient comfort and a 20 lp/mm theoretical resolution. Plugs straight into USB with no interface box.",
            "price": "6950.00",
            "manufacturer": "ClearView Imaging",
            "specifications": {
              "dimensions": "Active area 36 x 26 mm; housing 43 x 31 x 6 mm",
              "power": "USB 2.0 bus-powered, 5 V",
              "resolution": "20 lp/mm theoretical",
              "cable": "2.9 m reinforced, replaceable"
            },
            "features": [
              "Direct USB connection",
              "Bevelled, rounded housing",
              "Replaceable cable",
              "TWAIN driver for most imaging software"
            ],
            "image": "clearview-dr-2-intraoral-sensor.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 112,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": "https://www.clearviewimaging.example/sensors/dr-2",
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "ClearView DR-1 Paediatric Sensor, Size 1",
            "slug": "clearview-dr-1-paediatric-sensor",
            "description": "A size-1 sensor for children and anterior views, sharing the same software and holders as the DR-2, so practices can mix sizes on one workstation.",
            "price": "5890.00",
            "manufacturer": "ClearView Imaging",
            "specifications": {
              "dimensions": "Active area 30 x 20 mm; housing 37 x 25 x 6 mm",
              "power": "USB 2.0 bus-powered, 5 V",
              "resolution": "20 lp/mm theoretical",
              "cable": "2.9 m reinforced, replaceable"
            },
            "features": [
              "Small paediatric format",
              "Compatible with DR-2 holders",
              "IP68 sealed housing"
            ],
            "image": "clearview-dr-1-paediatric-sensor.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 48,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Vexa PSP Phosphor Plate Scanner",
            "slug": "vexa-psp-phosphor-plate-scanner",
            "description": "A compact phosphor plate scanner that reads sizes 0-3 in under 7 seconds and erases the plate automatically. Thin, flexible plates suit patients who dislike rigid sensors.",
            "price": "7400.00",
            "manufacturer": "Vexa Medical",
            "specifications": {
              "dimensions": "24 x 30 x 35 cm",
              "power": "100-240 V / 50-60 Hz, 40 W",
              "weight": "7.5 kg",
              "plate_sizes": "0, 1, 2, 3",
              "scan_time": "< 7 s (size 2)"
            },
            "features": [
              "Automatic plate erasing",
              "Network sharing between surgeries",
              "Includes 8 plates and covers",
              "Touch-screen status display"
            ],
            "image": "vexa-psp-phosphor-plate-scanner.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.5",
            "reviews_count": 19,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "X-ray Units",
        "slug": "x-ray-units",
        "description": "Panoramic, CBCT and wall-mounted intraoral X-ray generators.",
        "sort_order": 2,
        "products": [
          {
            "name": "ClearView PanoView 3D CBCT",
            "slug": "clearview-panoview-3d-cbct",
            "description": "A combined panoramic and cone-beam CT system with selectable fields of view from 5 x 5 to 16 x 10 cm. Low-dose protocols make it suitable for implant planning and endodontic diagnosis.",
            "price": "86500.00",
            "manufacturer": "ClearView Imaging",
            "specifications": {
              "dimensions": "105 x 135 x 235 cm",
              "power": "230 V / 50-60 Hz, 2.2 kVA",
              "weight": "210 kg",
              "fields_of_view": "5 x 5 to 16 x 10 cm",
              "voxel_size": "From 75 µm"
            },
            "features": [
              "2D panoramic and 3D CBCT in one unit",
              "Low-dose paediatric protocols",
              "Implant planning software included",
              "Open-face patient positioning"
            ],
            "image": "clearview-panoview-3d-cbct.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.9",
            "reviews_count": 27,
            "in_stock": false,
            "delivery_time": "8-10 weeks",
            "warranty": "2 years parts and labour, 5 years on X-ray tube",
            "external_link": "https://www.clearviewimaging.example/cbct/panoview-3d",
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Vexa OrthoPan 2D Panoramic X-ray",
            "slug": "vexa-orthopan-2d-panoramic",
            "description": "A digital panoramic unit with 14 programmes including bitewing and TMJ views. Face-to-face positioning with laser guides reduces retakes.",
            "price": "32900.00",
            "manufacturer": "Vexa Medical",
            "specifications": {
              "dimensions": "98 x 120 x 225 cm",
              "power": "230 V / 50-60 Hz, 2.0 kVA",
              "weight": "95 kg",
              "programmes": "14",
              "exposure_time": "4-14 s"
            },
            "features": [
              "Face-to-face positioning",
              "Three laser positioning guides",
              "Panoramic bitewing programme",
              "Upgradeable to cephalometric arm"
            ],
            "image": "vexa-orthopan-2d-panoramic.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 33,
            "in_stock": true,
            "delivery_time": "4-6 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Vexa Intra 70 Wall-Mount X-ray",
            "slug": "vexa-intra-70-wall-mount-xray",
            "description": "A 70 kV DC intraoral X-ray generator with a 0.4 mm focal spot and a self-balancing scissor arm. Preset exposures for film, sensor and phosphor plate.",
            "price": "4950.00",
            "manufacturer": "Vexa Medical",
            "specifications": {
              "dimensions": "Arm reach 180 cm",
              "power": "230 V / 50-60 Hz, 1.5 kVA",
              "tube_voltage": "60-70 kV DC",
              "focal_spot": "0.4 mm"
            },
            "features": [
              "DC high-frequency generator",
              "Self-balancing scissor arm",
              "Remote exposure switch",
              "Rectangular collimator included"
            ],
            "image": "vexa-intra-70-wall-mount-xray.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 41,
            "in_stock": true,
            "delivery_time": "2-3 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Intraoral Cameras",
        "slug": "intraoral-cameras",
        "description": "HD cameras that show patients what the dentist sees.",
        "sort_order": 3,
        "products": [
          {
            "name": "Oriscan Vista HD Intraoral Camera",
            "slug": "oriscan-vista-hd-intraoral-camera",
            "description": "A USB intraoral camera with liquid-lens autofocus from macro to full-face, and a capture button on the wand. Works with any imaging software that accepts a webcam source.",
            "price": "2450.00",
            "manufacturer": "Oriscan",
            "specifications": {
              "dimensions": "Wand 21 x 2.2 cm, 62 g",
              "power": "USB 2.0 bus-powered, 5 V",
              "resolution": "1920 x 1080",
              "focus_range": "1 mm - infinity"
            },
            "features": [
              "Liquid-lens autofocus",
              "Six LEDs with dimming",
              "Capture button on wand",
              "Disposable sheaths included"
            ],
            "image": "oriscan-vista-hd-intraoral-camera.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 58,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Oriscan Vista Wireless Intraoral Camera",
            "slug": "oriscan-vista-wireless-intraoral-camera",
            "description": "The cordless version of the Vista HD, streaming over 5 GHz Wi-Fi to the chairside monitor and charging in a magnetic dock between patients.",
            "price": "3180.00",
            "manufacturer": "Oriscan",
            "specifications": {
              "dimensions": "Wand 22 x 2.3 cm, 78 g",
              "power": "Li-ion, 3 h per charge; dock 5 V / 2 A",
              "resolution": "1920 x 1080",
              "wireless": "5 GHz Wi-Fi, 10 m range"
            },
            "features": [
              "No cable across the patient",
              "Magnetic charging dock",
              "Streams to any HDMI monitor",
              "Sleep mode after 2 minutes"
            ],
            "image": "oriscan-vista-wireless-intraoral-camera.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.4",
            "reviews_count": 11,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Sterilization & Infection Control",
    "slug": "sterilization-infection-control",
    "description": "Autoclaves, ultrasonic cleaners and decontamination-room equipment.",
    "icon": "fa-shield-virus",
    "product_type": "equipment",
    "sort_order": 3,
    "subcategories": [
      {
        "name": "Autoclaves",
        "slug": "autoclaves",
        "description": "Class B and cassette steam sterilizers with cycle documentation.",
        "sort_order": 1,
        "products": [
          {
            "name": "Quillon Class B 22 L Autoclave",
            "slug": "quillon-class-b-22l-autoclave",
            "description": "A Class B vacuum autoclave with a 22-litre chamber, fractionated pre-vacuum and automatic cycle logging to USB and network. A full 134 °C wrapped cycle finishes in 32 minutes.",
            "price": "6290.00",
            "manufacturer": "Quillon Medical",
            "specifications": {
              "dimensions": "48 x 62 x 45 cm",
              "power": "230 V / 50-60 Hz, 2.3 kW",
              "weight": "52 kg",
              "chamber": "22 L, Ø 25 x 45 cm",
              "cycle_time": "32 min (134 °C wrapped)"
            },
            "features": [
              "Fractionated pre-vacuum",
              "Cycle records to USB and network",
              "Helix and Bowie-Dick test programmes",
              "Optional direct water feed"
            ],
            "image": "quillon-class-b-22l-autoclave.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 96,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "2 years parts and labour",
            "external_link": "https://www.quillonmedical.example/autoclaves/class-b-22",
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Quillon Cassette Rapid 5 L Autoclave",
            "slug": "quillon-cassette-rapid-5l-autoclave",
            "description": "A cassette sterilizer that processes unwrapped handpieces in 9 minutes, so high-turnover instruments are back in the surgery between appointments.",
            "price": "5150.00",
            "manufacturer": "Quillon Medical",
            "specifications": {
              "dimensions": "42 x 60 x 18 cm",
              "power": "230 V / 50-60 Hz, 1.6 kW",
              "weight": "24 kg",
              "chamber": "5 L cassette",
              "cycle_time": "9 min (unwrapped)"
            },
            "features": [
              "9-minute unwrapped cycle",
              "Handpiece lubrication-friendly drying",
              "Slim under-counter format",
              "Wi-Fi cycle records"
            ],
            "image": "quillon-cassette-rapid-5l-autoclave.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.6",
            "reviews_count": 14,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Varden Steri 18 L Class B Autoclave",
            "slug": "varden-steri-18l-class-b-autoclave",
            "description": "A dependable entry-level Class B autoclave with an 18-litre chamber and a built-in printer for cycle records. A good fit for single-surgery practices.",
            "price": "4380.00",
            "manufacturer": "Varden Steri",
            "specifications": {
              "dimensions": "45 x 58 x 42 cm",
              "power": "230 V / 50 Hz, 2.0 kW",
              "weight": "44 kg",
              "chamber": "18 L"
            },
            "features": [
              "Built-in cycle printer",
              "5 trays included",
              "Automatic door lock",
              "Prion cycle (18 min hold)"
            ],
            "image": "varden-steri-18l-class-b-autoclave.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 52,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Ultrasonic Cleaners",
        "slug": "ultrasonic-cleaners",
        "description": "Heated ultrasonic baths for pre-sterilization instrument cleaning.",
        "sort_order": 2,
        "products": [
          {
            "name": "Varden Sonix 6 L Ultrasonic Cleaner",
            "slug": "varden-sonix-6l-ultrasonic-cleaner",
            "description": "A heated 6-litre stainless-steel bath with sweep-frequency transducers for even cleaning and a drain valve at the back. Holds two standard instrument cassettes.",
            "price": "1190.00",
            "manufacturer": "Varden Steri",
            "specifications": {
              "dimensions": "36 x 20 x 30 cm",
              "power": "230 V / 50-60 Hz, 150 W ultrasonic + 200 W heater",
              "capacity": "6 L",
              "frequency": "37 kHz sweep"
            },
            "features": [
              "Sweep frequency for even cleaning",
              "Heating to 80 °C",
              "Rear drain valve",
              "Fits two cassettes"
            ],
            "image": "varden-sonix-6l-ultrasonic-cleaner.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 67,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Varden Sonix 3 L Ultrasonic Cleaner",
            "slug": "varden-sonix-3l-ultrasonic-cleaner",
            "description": "A compact 3-litre bath for burs, small instruments and lab items, with a timer up to 30 minutes and a lid that catches condensation.",
            "price": "640.00",
            "manufacturer": "Varden Steri",
            "specifications": {
              "dimensions": "26 x 16 x 22 cm",
              "power": "230 V / 50-60 Hz, 120 W",
              "capacity": "3 L",
              "frequency": "40 kHz"
            },
            "features": [
              "Compact countertop size",
              "1-30 minute timer",
              "Stainless basket included"
            ],
            "image": "varden-sonix-3l-ultrasonic-cleaner.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.2",
            "reviews_count": 29,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "1 year parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Sealers & Water Distillers",
        "slug": "sealers-water-distillers",
        "description": "Pouch sealing and autoclave-grade water for the decontamination room.",
        "sort_order": 3,
        "products": [
          {
            "name": "Quillon SealLine Rotary Pouch Sealer",
            "slug": "quillon-sealline-rotary-pouch-sealer",
            "description": "A continuous rotary sealer that produces a 12 mm validated seal on paper-plastic pouches, with process monitoring of temperature, pressure and speed.",
            "price": "2780.00",
            "manufacturer": "Quillon Medical",
            "specifications": {
              "dimensions": "52 x 24 x 20 cm",
              "power": "230 V / 50-60 Hz, 500 W",
              "seal_width": "12 mm",
              "speed": "10 m/min"
            },
            "features": [
              "Validated seal monitoring",
              "Prints lot and date on the pouch",
              "Roll holder included"
            ],
            "image": "quillon-sealline-rotary-pouch-sealer.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 22,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Varden AquaPure 4 L Water Distiller",
            "slug": "varden-aquapure-4l-water-distiller",
            "description": "A countertop distiller that produces 4 litres of autoclave-grade water in about 4 hours, protecting sterilizer chambers from scale.",
            "price": "389.00",
            "manufacturer": "Varden Steri",
            "specifications": {
              "dimensions": "30 x 30 x 36 cm",
              "power": "230 V / 50 Hz, 750 W",
              "output": "1 L per hour",
              "reservoir": "4 L glass"
            },
            "features": [
              "Automatic shut-off",
              "Glass collection jug",
              "Carbon filter for odour-free water"
            ],
            "image": "varden-aquapure-4l-water-distiller.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.1",
            "reviews_count": 73,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "1 year parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Handpieces & Motors",
    "slug": "handpieces-motors",
    "description": "High-speed and electric handpieces, endodontic motors and scalers.",
    "icon": "fa-tooth",
    "product_type": "equipment",
    "sort_order": 4,
    "subcategories": [
      {
        "name": "High-Speed Handpieces",
        "slug": "high-speed-handpieces",
        "description": "Air turbines and electric speed-increasing contra-angles.",
        "sort_order": 1,
        "products": [
          {
            "name": "Arcturo Turbine X450 LED Handpiece",
            "slug": "arcturo-turbine-x450-led-handpiece",
            "description": "A high-speed air turbine with a ceramic-bearing cartridge, quadruple water spray and LED light. The small head improves access to second molars.",
            "price": "1240.00",
            "manufacturer": "Arcturo Dental",
            "specifications": {
              "dimensions": "Head Ø 10.2 x 12.4 mm",
              "speed": "380,000-450,000 rpm",
              "spray": "Quadruple",
              "coupling": "Multi-coupling compatible"
            },
            "features": [
              "Ceramic bearings",
              "Quadruple water spray",
              "LED illumination",
              "Anti-retraction valve"
            ],
            "image": "arcturo-turbine-x450-led-handpiece.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 134,
            "in_stock": true,
            "delivery_time": "2-3 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Arcturo Contra 1:5 Electric Handpiece",
            "slug": "arcturo-contra-1-5-electric-handpiece",
            "description": "A 1:5 speed-increasing contra-angle for electric motors, giving consistent torque for crown preparations without the speed drop of an air turbine.",
            "price": "1680.00",
            "manufacturer": "Arcturo Dental",
            "specifications": {
              "dimensions": "Head Ø 9.7 x 13.2 mm",
              "speed": "Up to 200,000 rpm",
              "ratio": "1:5",
              "spray": "Triple"
            },
            "features": [
              "Constant torque under load",
              "Push-button bur change",
              "Glass-rod light guide"
            ],
            "image": "arcturo-contra-1-5-electric-handpiece.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 58,
            "in_stock": true,
            "delivery_time": "2-3 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Endodontic Motors",
        "slug": "endodontic-motors",
        "description": "Torque-controlled endo motors and apex locators.",
        "sort_order": 2,
        "products": [
          {
            "name": "Arcturo EndoGlide Cordless Endo Motor",
            "slug": "arcturo-endoglide-cordless-endo-motor",
            "description": "A cordless endodontic motor with rotary and reciprocating modes, auto-reverse at torque limit and a built-in apex locator for real-time file position.",
            "price": "1950.00",
            "manufacturer": "Arcturo Dental",
            "specifications": {
              "dimensions": "Handpiece 19.5 x 2.4 cm",
              "power": "Li-ion battery, 5 h per charge",
              "torque": "0.4-4.0 Ncm",
              "speed": "100-1,000 rpm"
            },
            "features": [
              "Rotary and reciprocating modes",
              "Integrated apex locator",
              "Preset file library",
              "Auto-reverse at torque limit"
            ],
            "image": "arcturo-endoglide-cordless-endo-motor.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.8",
            "reviews_count": 23,
            "in_stock": true,
            "delivery_time": "2-3 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Pellucid ApexSense Apex Locator",
            "slug": "pellucid-apexsense-apex-locator",
            "description": "A multi-frequency apex locator with a colour display that shows file progress in wet or dry canals. Accurate to within 0.5 mm of the apical constriction.",
            "price": "890.00",
            "manufacturer": "Pellucid Labs",
            "specifications": {
              "dimensions": "11 x 8 x 6 cm",
              "power": "Rechargeable Li-ion, USB-C",
              "accuracy": "±0.5 mm",
              "display": "3.5 in colour LCD"
            },
            "features": [
              "Works in wet and dry canals",
              "Audible and visual zone alerts",
              "Autoclavable lip clips"
            ],
            "image": "pellucid-apexsense-apex-locator.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 37,
            "in_stock": true,
            "delivery_time": "2-3 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Scalers & Polishers",
        "slug": "scalers-polishers",
        "description": "Piezo scalers and air polishers for the hygiene room.",
        "sort_order": 3,
        "products": [
          {
            "name": "Solvane PiezoClean Ultrasonic Scaler",
            "slug": "solvane-piezoclean-ultrasonic-scaler",
            "description": "A piezoelectric scaler with an independent water bottle for antiseptic irrigation and six power curves for perio, scaling and endo tips.",
            "price": "1420.00",
            "manufacturer": "Solvane",
            "specifications": {
              "dimensions": "24 x 16 x 11 cm",
              "power": "100-240 V / 50-60 Hz, 35 W",
              "frequency": "28-32 kHz",
              "bottle": "500 ml"
            },
            "features": [
              "Independent irrigation bottle",
              "LED handpiece",
              "Six power modes",
              "Eight tips included"
            ],
            "image": "solvane-piezoclean-ultrasonic-scaler.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 49,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Solvane ProphyJet Air Polisher",
            "slug": "solvane-prophyjet-air-polisher",
            "description": "An air-polishing unit for supra- and subgingival biofilm removal with glycine or erythritol powders. Twin powder chambers switch at the press of a button.",
            "price": "2150.00",
            "manufacturer": "Solvane",
            "specifications": {
              "dimensions": "28 x 22 x 18 cm",
              "power": "100-240 V / 50-60 Hz, 40 W",
              "air_supply": "4.5-6 bar",
              "powder_chambers": "2"
            },
            "features": [
              "Twin powder chambers",
              "Subgingival nozzle",
              "Heated water spray"
            ],
            "image": "solvane-prophyjet-air-polisher.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 18,
            "in_stock": true,
            "delivery_time": "1-2 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Dental Lab Equipment",
    "slug": "dental-lab-equipment",
    "description": "Milling, sintering and bench equipment for in-house and commercial labs.",
    "icon": "fa-flask",
    "product_type": "equipment",
    "sort_order": 5,
    "subcategories": [
      {
        "name": "Milling Units",
        "slug": "milling-units",
        "description": "Chairside and lab CAD/CAM milling machines.",
        "sort_order": 1,
        "products": [
          {
            "name": "Brennick M5 Wet/Dry Milling Unit",
            "slug": "brennick-m5-wet-dry-milling-unit",
            "description": "A five-axis milling unit that switches between wet glass-ceramic grinding and dry zirconia milling without a cleaning cycle. The 16-tool changer handles full-arch work unattended.",
            "price": "42800.00",
            "manufacturer": "Brennick Lab Systems",
            "specifications": {
              "dimensions": "56 x 60 x 72 cm",
              "power": "230 V / 50-60 Hz, 1.5 kW",
              "weight": "98 kg",
              "axes": "5",
              "tool_changer": "16 positions"
            },
            "features": [
              "Wet and dry in one unit",
              "Five simultaneous axes",
              "16-tool automatic changer",
              "Open STL workflow"
            ],
            "image": "brennick-m5-wet-dry-milling-unit.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 15,
            "in_stock": true,
            "delivery_time": "4-6 weeks",
            "warranty": "2 years parts and labour",
            "external_link": "https://www.brennicklab.example/milling/m5",
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Furnaces",
        "slug": "lab-furnaces",
        "description": "Sintering and ceramic press furnaces.",
        "sort_order": 2,
        "products": [
          {
            "name": "Brennick Sinter 1600 Zirconia Furnace",
            "slug": "brennick-sinter-1600-zirconia-furnace",
            "description": "A high-temperature furnace that sinters up to 60 zirconia units in a single load, with a speed programme that finishes single crowns in 90 minutes.",
            "price": "11900.00",
            "manufacturer": "Brennick Lab Systems",
            "specifications": {
              "dimensions": "45 x 52 x 80 cm",
              "power": "230 V / 50-60 Hz, 3.2 kW",
              "max_temperature": "1,600 °C",
              "capacity": "Up to 60 units"
            },
            "features": [
              "90-minute speed sintering",
              "Three stacking trays",
              "100 storable programmes"
            ],
            "image": "brennick-sinter-1600-zirconia-furnace.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 21,
            "in_stock": true,
            "delivery_time": "2-3 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Brennick Vacuum Ceramic Furnace P2",
            "slug": "brennick-vacuum-ceramic-furnace-p2",
            "description": "A vacuum porcelain furnace with press function for lithium disilicate ingots and a built-in camera that monitors firing of glazes.",
            "price": "8450.00",
            "manufacturer": "Brennick Lab Systems",
            "specifications": {
              "dimensions": "38 x 45 x 68 cm",
              "power": "230 V / 50-60 Hz, 1.6 kW",
              "max_temperature": "1,200 °C",
              "vacuum_pump": "Included, oil-free"
            },
            "features": [
              "Press and firing functions",
              "Firing chamber camera",
              "Oil-free vacuum pump"
            ],
            "image": "brennick-vacuum-ceramic-furnace-p2.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 9,
            "in_stock": false,
            "delivery_time": "5-7 weeks",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      },
      {
        "name": "Lab Bench Equipment",
        "slug": "lab-bench-equipment",
        "description": "Micromotors, vibrators and benchtop essentials.",
        "sort_order": 3,
        "products": [
          {
            "name": "Taliso LabDrive 50K Micromotor",
            "slug": "taliso-labdrive-50k-micromotor",
            "description": "A brushless lab micromotor reaching 50,000 rpm with low vibration and a knee or foot control. The slim handpiece suits long trimming and finishing sessions.",
            "price": "740.00",
            "manufacturer": "Taliso",
            "specifications": {
              "dimensions": "Control box 18 x 10 x 8 cm; handpiece 16 cm",
              "power": "230 V / 50-60 Hz, 90 W",
              "speed": "1,000-50,000 rpm",
              "torque": "7.8 Ncm"
            },
            "features": [
              "Brushless motor",
              "Forward and reverse",
              "Knee or foot control"
            ],
            "image": "taliso-labdrive-50k-micromotor.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 31,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "2 years parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          },
          {
            "name": "Taliso Plaster Vibrator V2",
            "slug": "taliso-plaster-vibrator-v2",
            "description": "A benchtop vibrator with variable intensity that removes air bubbles from stone and investment before pouring models.",
            "price": "189.00",
            "manufacturer": "Taliso",
            "specifications": {
              "dimensions": "24 x 20 x 11 cm",
              "power": "230 V / 50 Hz, 60 W",
              "platform": "Removable rubber mat"
            },
            "features": [
              "Variable intensity",
              "Removable rubber platform",
              "Non-slip feet"
            ],
            "image": "taliso-plaster-vibrator-v2.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.2",
            "reviews_count": 44,
            "in_stock": true,
            "delivery_time": "3-5 business days",
            "warranty": "1 year parts and labour",
            "external_link": null,
            "affiliate_link": null,
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Maintenance & Repair",
    "slug": "maintenance-repair",
    "description": "Service contracts and repairs that keep surgeries running and compliant.",
    "icon": "fa-tools",
    "product_type": "service",
    "sort_order": 6,
    "subcategories": [
      {
        "name": "Preventive Maintenance Plans",
        "slug": "preventive-maintenance-plans",
        "description": "Scheduled servicing of chairs, suction, compressors and sterilizers.",
        "sort_order": 1,
        "products": [
          {
            "name": "Annual Preventive Maintenance Plan, Single Surgery",
            "slug": "annual-maintenance-plan-single-surgery",
            "description": "Two scheduled visits a year covering the treatment centre, suction, compressor and one autoclave, with a written service report for your compliance file.",
            "price": "1450.00",
            "manufacturer": "Meridian Service Partners",
            "specifications": {
              "visits": "2 per year",
              "equipment_covered": "Chair, suction, compressor, 1 autoclave",
              "report": "Written service report"
            },
            "features": [
              "Manufacturer-trained engineers",
              "Autoclave validation included",
              "Priority booking for breakdowns",
              "10% off parts"
            ],
            "image": "annual-maintenance-plan-single-surgery.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 142,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Approx. 3 hours per visit",
              "coverage": "One surgery: treatment centre, suction, compressor, one autoclave",
              "response_time": "Scheduled visits; breakdowns next business day",
              "contract_term": "12 months"
            }
          },
          {
            "name": "Multi-Surgery Maintenance Contract",
            "slug": "multi-surgery-maintenance-contract",
            "description": "A tailored contract for practices with three or more surgeries, covering all chairs, plant room equipment and imaging. Priced after a site survey.",
            "price": "0.00",
            "manufacturer": "Meridian Service Partners",
            "specifications": {
              "visits": "Tailored schedule",
              "equipment_covered": "All surgeries, plant room and imaging",
              "site_survey": "Free of charge"
            },
            "features": [
              "Single annual invoice",
              "Dedicated account engineer",
              "Loan equipment during repairs",
              "Asset register maintained for you"
            ],
            "image": "multi-surgery-maintenance-contract.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 38,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Tailored to practice size",
              "coverage": "Three or more surgeries, plant room, imaging",
              "response_time": "Same business day for critical failures",
              "contract_term": "12-36 months"
            }
          }
        ]
      },
      {
        "name": "Breakdown Repairs",
        "slug": "breakdown-repairs",
        "description": "On-site call-outs when equipment fails.",
        "sort_order": 2,
        "products": [
          {
            "name": "Priority On-Site Breakdown Call-Out",
            "slug": "priority-onsite-breakdown-callout",
            "description": "An engineer on site the next business day to diagnose and repair a failed chair, compressor, suction unit or autoclave. The fixed fee covers travel and the first hour of labour.",
            "price": "295.00",
            "manufacturer": "Meridian Service Partners",
            "specifications": {
              "included_labour": "First hour",
              "parts": "Charged separately at list price",
              "availability": "Monday-Friday, 8:00-18:00"
            },
            "features": [
              "Fixed call-out fee",
              "Vans stocked with common parts",
              "Photo report after each visit"
            ],
            "image": "priority-onsite-breakdown-callout.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 87,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "First hour included",
              "coverage": "Chairs, compressors, suction, autoclaves",
              "response_time": "Next business day"
            }
          },
          {
            "name": "Compressor & Suction Overhaul",
            "slug": "compressor-suction-overhaul",
            "description": "A full strip-down and overhaul of dental compressors and suction motors, including filters, membranes and separator checks. Quoted per unit after an inspection.",
            "price": "0.00",
            "manufacturer": "Nordvik Medical Service",
            "specifications": {
              "inspection": "Free with quote",
              "typical_downtime": "1 day",
              "parts": "OEM-equivalent"
            },
            "features": [
              "Loan compressor available",
              "Amalgam separator check",
              "Air quality test after overhaul"
            ],
            "image": "compressor-suction-overhaul.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 26,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1 day on site",
              "coverage": "Dental compressors and suction units",
              "response_time": "Within 3 business days"
            }
          }
        ]
      },
      {
        "name": "Handpiece Repair",
        "slug": "handpiece-repair",
        "description": "Workshop repair and servicing for turbines and contra-angles.",
        "sort_order": 3,
        "products": [
          {
            "name": "Handpiece Turbine Rebuild",
            "slug": "handpiece-turbine-rebuild",
            "description": "Replacement of the cartridge, bearings and O-rings in any high-speed turbine, with a speed and noise test before return. Prepaid courier bag included.",
            "price": "189.00",
            "manufacturer": "Arcturo Repair Centre",
            "specifications": {
              "turnaround": "3-5 business days",
              "shipping": "Prepaid courier bag",
              "test": "Speed, spray and noise test"
            },
            "features": [
              "All major handpiece brands",
              "6-month repair guarantee",
              "Free return shipping"
            ],
            "image": "handpiece-turbine-rebuild.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 203,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "3-5 business days in workshop",
              "coverage": "High-speed air turbines",
              "response_time": "Collected next business day"
            }
          },
          {
            "name": "Handpiece Care Subscription (monthly)",
            "slug": "handpiece-care-subscription",
            "description": "A monthly subscription covering servicing of up to six handpieces a year, with loan handpieces sent out before yours are collected.",
            "price": "79.00",
            "manufacturer": "Arcturo Repair Centre",
            "specifications": {
              "billing": "Monthly",
              "handpieces_covered": "Up to 6 services per year",
              "loan_units": "Included"
            },
            "features": [
              "Loan units shipped in advance",
              "No repair invoices",
              "Cancel with 30 days notice"
            ],
            "image": "handpiece-care-subscription.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 57,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Rolling monthly",
              "coverage": "Up to 6 handpiece services per year",
              "response_time": "Loan units dispatched same day"
            }
          }
        ]
      }
    ]
  },
  {
    "name": "Installation & Surgery Design",
    "slug": "installation-surgery-design",
    "description": "Equipment installation, commissioning and surgery planning.",
    "icon": "fa-hard-hat",
    "product_type": "service",
    "sort_order": 7,
    "subcategories": [
      {
        "name": "Equipment Installation",
        "slug": "equipment-installation",
        "description": "Professional installation and commissioning of new equipment.",
        "sort_order": 1,
        "products": [
          {
            "name": "Treatment Centre Installation & Commissioning",
            "slug": "treatment-centre-installation",
            "description": "Unpacking, positioning and connection of a new treatment centre to water, air, drainage and power, followed by commissioning and staff handover.",
            "price": "1850.00",
            "manufacturer": "Meridian Service Partners",
            "specifications": {
              "includes": "Connection, commissioning, staff handover",
              "prerequisites": "Services at floor box",
              "waste_removal": "Packaging removed"
            },
            "features": [
              "Commissioning certificate",
              "Staff handover session",
              "Packaging taken away"
            ],
            "image": "treatment-centre-installation.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 61,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1 day on site",
              "coverage": "One treatment centre",
              "response_time": "Booked within 2 weeks"
            }
          },
          {
            "name": "Imaging Installation & Acceptance Testing",
            "slug": "imaging-installation-acceptance-testing",
            "description": "Installation of panoramic, CBCT or intraoral X-ray units with the critical examination and acceptance test required before first clinical use.",
            "price": "0.00",
            "manufacturer": "ClearView Imaging Services",
            "specifications": {
              "includes": "Mounting, software set-up, critical examination",
              "documentation": "Acceptance test report",
              "equipment": "Panoramic, CBCT, intraoral X-ray"
            },
            "features": [
              "Critical examination report",
              "Software and workstation set-up",
              "Local rules template"
            ],
            "image": "imaging-installation-acceptance-testing.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 24,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1-2 days on site",
              "coverage": "Panoramic, CBCT and intraoral X-ray units",
              "response_time": "Scheduled with delivery"
            }
          }
        ]
      },
      {
        "name": "Surgery Design & Fit-Out",
        "slug": "surgery-design-fit-out",
        "description": "Layout planning for new practices and refurbishments.",
        "sort_order": 2,
        "products": [
          {
            "name": "Surgery Design & Fit-Out Planning",
            "slug": "surgery-design-fit-out-planning",
            "description": "A designer surveys your premises and delivers scaled layouts for surgeries, decontamination room and plant room, with service positions for your chosen equipment.",
            "price": "0.00",
            "manufacturer": "Nordvik Practice Design",
            "specifications": {
              "deliverables": "2D layouts, 3D renders, services plan",
              "site_survey": "Included",
              "revisions": "Up to 3"
            },
            "features": [
              "3D renders of each room",
              "Decontamination workflow design",
              "Coordination with your builder"
            ],
            "image": "surgery-design-fit-out-planning.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.9",
            "reviews_count": 33,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "2-4 weeks from survey to final plans",
              "coverage": "New builds and refurbishments",
              "response_time": "Survey within 10 business days"
            }
          },
          {
            "name": "X-ray Room Shielding Assessment",
            "slug": "xray-room-shielding-assessment",
            "description": "A qualified expert calculates the shielding needed for new or relocated X-ray equipment and provides a written report for your builder.",
            "price": "890.00",
            "manufacturer": "ClearView Imaging Services",
            "specifications": {
              "deliverables": "Written shielding report",
              "equipment": "Intraoral, panoramic, CBCT",
              "site_visit": "Included"
            },
            "features": [
              "Qualified radiation expert",
              "Builder-ready specification",
              "Includes drawings review"
            ],
            "image": "xray-room-shielding-assessment.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 15,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Half-day site visit, report in 5 business days",
              "coverage": "One room",
              "response_time": "Visit within 2 weeks"
            }
          }
        ]
      }
    ]
  },
  {
    "name": "Practice IT & Networking",
    "slug": "practice-it-networking",
    "description": "Networks, backups, cybersecurity and support for the connected practice.",
    "icon": "fa-network-wired",
    "product_type": "service",
    "sort_order": 8,
    "subcategories": [
      {
        "name": "Network & Wi-Fi",
        "slug": "network-wifi",
        "description": "Cabling, switches and wireless networks designed for imaging and practice software.",
        "sort_order": 1,
        "products": [
          {
            "name": "Practice Network Installation",
            "slug": "practice-network-installation",
            "description": "Structured cabling, a managed switch and a firewall sized for imaging traffic, with every surgery and reception point labelled and tested. Quoted after a site survey.",
            "price": "0.00",
            "manufacturer": "Molar Networks",
            "specifications": {
              "cabling": "Cat6A structured cabling",
              "hardware": "Managed switch, firewall, rack",
              "documentation": "Network diagram and test results"
            },
            "features": [
              "Separate clinical and guest networks",
              "Imaging traffic prioritised",
              "Full documentation"
            ],
            "image": "practice-network-installation.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 29,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1-3 days on site",
              "coverage": "Whole practice",
              "response_time": "Survey within 5 business days"
            }
          },
          {
            "name": "Secure Clinical & Guest Wi-Fi Setup",
            "slug": "secure-clinical-guest-wifi-setup",
            "description": "Business-grade access points configured with separate encrypted networks for clinical devices and patients, so a guest phone never shares a network with your records.",
            "price": "1150.00",
            "manufacturer": "Molar Networks",
            "specifications": {
              "access_points": "Up to 3 included",
              "networks": "Clinical, staff, guest",
              "management": "Cloud-managed"
            },
            "features": [
              "Three access points included",
              "Guest splash page with your logo",
              "Remote monitoring"
            ],
            "image": "secure-clinical-guest-wifi-setup.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 41,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Half-day on site",
              "coverage": "Up to 3 access points",
              "response_time": "Booked within 1 week"
            }
          }
        ]
      },
      {
        "name": "Backup & Cybersecurity",
        "slug": "backup-cybersecurity",
        "description": "Protect patient data against loss and ransomware.",
        "sort_order": 2,
        "products": [
          {
            "name": "Managed Cloud Backup (monthly)",
            "slug": "managed-cloud-backup",
            "description": "Encrypted nightly backups of your practice management database and imaging archive to two data centres, with a quarterly test restore and report.",
            "price": "149.00",
            "manufacturer": "Molar Networks",
            "specifications": {
              "billing": "Monthly",
              "storage": "Up to 2 TB",
              "retention": "90 days of versions",
              "encryption": "AES-256"
            },
            "features": [
              "Nightly encrypted backups",
              "Quarterly test restore",
              "Ransomware-resistant storage"
            ],
            "image": "managed-cloud-backup.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 76,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Rolling monthly",
              "coverage": "Practice management database and imaging archive",
              "response_time": "Restore started within 4 hours"
            }
          },
          {
            "name": "Cybersecurity Audit & Hardening",
            "slug": "cybersecurity-audit-hardening",
            "description": "A review of workstations, server, firewall and staff practices against a dental-specific checklist, followed by hardening and a plain-English action report.",
            "price": "1750.00",
            "manufacturer": "Corvane Secure IT",
            "specifications": {
              "scope": "Workstations, server, firewall, accounts",
              "deliverables": "Action report with priorities",
              "follow_up": "30-day re-check"
            },
            "features": [
              "Phishing awareness briefing",
              "Multi-factor login set-up",
              "Patch and antivirus review"
            ],
            "image": "cybersecurity-audit-hardening.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.7",
            "reviews_count": 13,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1 day on site plus remote work",
              "coverage": "Up to 15 devices",
              "response_time": "Booked within 2 weeks"
            }
          }
        ]
      },
      {
        "name": "IT Support",
        "slug": "it-support",
        "description": "Helpdesk and on-site support for practice computers.",
        "sort_order": 3,
        "products": [
          {
            "name": "Managed IT Support Plan (monthly)",
            "slug": "managed-it-support-plan",
            "description": "Unlimited helpdesk, remote monitoring and patching for up to 10 practice computers, with on-site visits when a remote fix is not possible.",
            "price": "399.00",
            "manufacturer": "Molar Networks",
            "specifications": {
              "billing": "Monthly",
              "devices": "Up to 10",
              "helpdesk": "Monday-Saturday, 7:30-19:00"
            },
            "features": [
              "Unlimited helpdesk",
              "Proactive patching",
              "Imaging software support",
              "On-site visits included"
            ],
            "image": "managed-it-support-plan.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 54,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Rolling monthly",
              "coverage": "Up to 10 devices",
              "response_time": "1 hour remote, next business day on site"
            }
          },
          {
            "name": "Imaging Workstation & Server Setup",
            "slug": "imaging-workstation-server-setup",
            "description": "Specification, supply and configuration of imaging workstations and a practice server, including migration of existing images. Priced to your equipment list.",
            "price": "0.00",
            "manufacturer": "Molar Networks",
            "specifications": {
              "includes": "Hardware specification, configuration, data migration",
              "compatibility": "All major imaging software",
              "handover": "Staff walkthrough"
            },
            "features": [
              "Medical-grade monitors on request",
              "Image archive migration",
              "Sensor driver installation"
            ],
            "image": "imaging-workstation-server-setup.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 19,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1-2 days on site",
              "coverage": "Server and imaging workstations",
              "response_time": "Quote within 2 business days"
            }
          }
        ]
      }
    ]
  },
  {
    "name": "Compliance & Training",
    "slug": "compliance-training",
    "description": "Infection control, radiation protection and emergency training for the whole team.",
    "icon": "fa-user-graduate",
    "product_type": "service",
    "sort_order": 9,
    "subcategories": [
      {
        "name": "Infection Control",
        "slug": "infection-control-training",
        "description": "Decontamination training and audits.",
        "sort_order": 1,
        "products": [
          {
            "name": "Infection Control Team Workshop",
            "slug": "infection-control-team-workshop",
            "description": "An in-practice workshop on decontamination, hand hygiene and surgery zoning for up to 12 staff, with certificates and verifiable CPD hours.",
            "price": "690.00",
            "manufacturer": "Chairside Compliance Academy",
            "specifications": {
              "attendees": "Up to 12",
              "cpd": "3 hours verifiable",
              "materials": "Workbook and certificates"
            },
            "features": [
              "Delivered in your practice",
              "Verifiable CPD certificates",
              "Practical decontamination demo"
            ],
            "image": "infection-control-team-workshop.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.9",
            "reviews_count": 118,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Half-day on site",
              "coverage": "Up to 12 team members",
              "response_time": "Booked within 3 weeks"
            }
          },
          {
            "name": "Decontamination Room Audit",
            "slug": "decontamination-room-audit",
            "description": "An independent audit of your decontamination room, processes and records against current guidance, with a prioritised action plan.",
            "price": "950.00",
            "manufacturer": "Chairside Compliance Academy",
            "specifications": {
              "scope": "Room layout, equipment, validation records, workflow",
              "deliverables": "Scored report and action plan",
              "follow_up": "Phone review after 60 days"
            },
            "features": [
              "Scored audit report",
              "Equipment validation check",
              "Inspection-ready action plan"
            ],
            "image": "decontamination-room-audit.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 34,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Half-day on site",
              "coverage": "One decontamination room",
              "response_time": "Booked within 2 weeks"
            }
          }
        ]
      },
      {
        "name": "Radiation Protection",
        "slug": "radiation-protection-training",
        "description": "Refresher training in radiation protection for X-ray operators and referrers.",
        "sort_order": 2,
        "products": [
          {
            "name": "Radiation Protection Refresher Course",
            "slug": "radiation-protection-refresher-course",
            "description": "A live online course covering justification, dose optimisation, CBCT risks and quality assurance, meeting five-yearly refresher requirements.",
            "price": "240.00",
            "manufacturer": "Chairside Compliance Academy",
            "specifications": {
              "format": "Live online",
              "cpd": "5 hours verifiable",
              "assessment": "Online multiple-choice"
            },
            "features": [
              "Live tutor Q&A",
              "Includes CBCT module",
              "Certificate on completion"
            ],
            "image": "radiation-protection-refresher-course.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 91,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "5 hours online",
              "coverage": "Per delegate",
              "response_time": "Monthly course dates"
            }
          }
        ]
      },
      {
        "name": "Medical Emergencies",
        "slug": "medical-emergencies-training",
        "description": "Scenario-based CPR and emergency drug training.",
        "sort_order": 3,
        "products": [
          {
            "name": "Medical Emergencies & CPR Team Training",
            "slug": "medical-emergencies-cpr-training",
            "description": "Scenario-based training on collapse, anaphylaxis, hypoglycaemia and cardiac arrest, using your own emergency kit and AED so the team practises in the real environment.",
            "price": "560.00",
            "manufacturer": "Chairside Compliance Academy",
            "specifications": {
              "attendees": "Up to 15",
              "cpd": "3 hours verifiable",
              "equipment": "Manikins and training AED supplied"
            },
            "features": [
              "Scenario drills in your surgeries",
              "Emergency kit check",
              "Annual reminder service"
            ],
            "image": "medical-emergencies-cpr-training.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 67,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "3 hours on site",
              "coverage": "Up to 15 team members",
              "response_time": "Booked within 3 weeks"
            }
          }
        ]
      }
    ]
  },
  {
    "name": "Digital Marketing for Practices",
    "slug": "digital-marketing-practices",
    "description": "Websites, local search and reputation services that bring in new patients.",
    "icon": "fa-bullhorn",
    "product_type": "service",
    "sort_order": 10,
    "subcategories": [
      {
        "name": "Practice Websites",
        "slug": "practice-websites",
        "description": "Fast, accessible websites built for dental practices.",
        "sort_order": 1,
        "products": [
          {
            "name": "Practice Website Design & Build",
            "slug": "practice-website-design-build",
            "description": "A mobile-first website with treatment pages, team profiles, fee guide and accessibility built in, written by copywriters who specialise in dentistry.",
            "price": "3900.00",
            "manufacturer": "Smileforge Digital",
            "specifications": {
              "pages": "Up to 20",
              "hosting": "12 months included",
              "accessibility": "WCAG 2.2 AA"
            },
            "features": [
              "Dental copywriting included",
              "Fee guide and finance pages",
              "Accessibility checked"
            ],
            "image": "practice-website-design-build.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 46,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "6-8 weeks from kick-off to launch",
              "coverage": "Design, copy, build, 12 months hosting",
              "response_time": "Kick-off call within 1 week"
            }
          },
          {
            "name": "Online Booking Integration",
            "slug": "online-booking-integration",
            "description": "Adds real-time online booking to your website, connected to your practice management diary so patients only see genuinely free slots.",
            "price": "650.00",
            "manufacturer": "Smileforge Digital",
            "specifications": {
              "integration": "Practice management diary sync",
              "deposits": "Optional card deposits",
              "notifications": "Email and SMS"
            },
            "features": [
              "Real-time diary sync",
              "Optional booking deposits",
              "New-patient forms link"
            ],
            "image": "online-booking-integration.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.5",
            "reviews_count": 22,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "1-2 weeks",
              "coverage": "One website and one diary",
              "response_time": "Set-up starts within 3 business days"
            }
          }
        ]
      },
      {
        "name": "Local SEO & Advertising",
        "slug": "local-seo-advertising",
        "description": "Search visibility and paid campaigns for your area.",
        "sort_order": 2,
        "products": [
          {
            "name": "Local SEO Programme (monthly)",
            "slug": "local-seo-programme",
            "description": "Monthly optimisation of your website and map listing for treatment searches in your town, with a plain report on calls, bookings and rankings.",
            "price": "790.00",
            "manufacturer": "Smileforge Digital",
            "specifications": {
              "billing": "Monthly, 6-month minimum",
              "reporting": "Monthly call and booking report",
              "content": "2 treatment articles per month"
            },
            "features": [
              "Map listing optimisation",
              "Treatment page content",
              "Call tracking"
            ],
            "image": "local-seo-programme.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.4",
            "reviews_count": 31,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Rolling monthly after 6 months",
              "coverage": "One practice location",
              "response_time": "Account manager replies within 1 business day"
            }
          },
          {
            "name": "Paid Search Campaign Management",
            "slug": "paid-search-campaign-management",
            "description": "Campaigns for high-value treatments such as implants, aligners and whitening, managed against cost per booked consultation. Fee quoted on your ad budget.",
            "price": "0.00",
            "manufacturer": "Smileforge Digital",
            "specifications": {
              "billing": "Percentage of ad spend, minimum fee applies",
              "reporting": "Weekly dashboard",
              "landing_pages": "Included"
            },
            "features": [
              "Treatment-specific landing pages",
              "Cost per consultation tracking",
              "No long-term contract"
            ],
            "image": "paid-search-campaign-management.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 18,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Rolling monthly",
              "coverage": "Search and map ads",
              "response_time": "Campaigns live within 2 weeks"
            }
          }
        ]
      },
      {
        "name": "Reputation Management",
        "slug": "reputation-management",
        "description": "Collect and respond to patient reviews.",
        "sort_order": 3,
        "products": [
          {
            "name": "Patient Review & Reputation Service",
            "slug": "patient-review-reputation-service",
            "description": "Automated review requests after each appointment, a shared inbox for replies and monthly alerts on negative feedback before it becomes a public complaint.",
            "price": "290.00",
            "manufacturer": "Smileforge Digital",
            "specifications": {
              "billing": "Monthly",
              "channels": "SMS and email requests",
              "platforms": "Major review sites and map listings"
            },
            "features": [
              "Automated review requests",
              "Reply templates written for dentistry",
              "Negative feedback alerts"
            ],
            "image": "patient-review-reputation-service.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 52,
            "in_stock": true,
            "delivery_time": null,
            "warranty": null,
            "external_link": null,
            "affiliate_link": null,
            "service_details": {
              "duration": "Rolling monthly",
              "coverage": "One practice location",
              "response_time": "Live within 5 business days"
            }
          }
        ]
      }
    ]
  },
  {
    "name": "Dental Consumables",
    "slug": "dental-consumables",
    "description": "Everyday clinical supplies from our partner distributors.",
    "icon": "fa-box-open",
    "product_type": "affiliate",
    "sort_order": 11,
    "subcategories": [
      {
        "name": "Gloves & PPE",
        "slug": "gloves-ppe",
        "description": "Examination gloves, masks and protective clothing.",
        "sort_order": 1,
        "products": [
          {
            "name": "Pinecrest Nitrile Exam Gloves, Box of 200",
            "slug": "pinecrest-nitrile-exam-gloves-200",
            "description": "Powder-free, accelerator-free nitrile gloves at 3.5 g per glove, with textured fingertips for a secure grip on wet instruments.",
            "price": "14.90",
            "manufacturer": "Pinecrest Dental Supply",
            "specifications": {
              "material": "Nitrile, accelerator-free",
              "sizes": "XS-XL",
              "thickness": "0.07 mm palm",
              "pack": "200 gloves"
            },
            "features": [
              "Accelerator-free",
              "Textured fingertips",
              "Beaded cuff"
            ],
            "image": "pinecrest-nitrile-exam-gloves-200.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 412,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pinecrestdental.example/p/nitrile-exam-gloves-200?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Pinecrest Type IIR Procedure Masks, 50 Pack",
            "slug": "pinecrest-type-iir-procedure-masks-50",
            "description": "Fluid-resistant three-ply masks with ear loops and a soft nose wire, tested to 98% bacterial filtration efficiency.",
            "price": "9.50",
            "manufacturer": "Pinecrest Dental Supply",
            "specifications": {
              "type": "Type IIR fluid-resistant",
              "layers": "3",
              "bfe": "≥ 98%",
              "pack": "50 masks"
            },
            "features": [
              "Fluid resistant",
              "Soft nose wire",
              "Latex-free ear loops"
            ],
            "image": "pinecrest-type-iir-procedure-masks-50.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 236,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pinecrestdental.example/p/type-iir-masks-50?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Dentara Disposable Clinical Gowns, 50 Pack",
            "slug": "dentara-disposable-clinical-gowns-50",
            "description": "Long-sleeved, fluid-repellent gowns with knitted cuffs for aerosol-generating procedures.",
            "price": "74.00",
            "manufacturer": "Dentara",
            "specifications": {
              "material": "SMS polypropylene, 35 g/m²",
              "sizes": "M, L, XL",
              "pack": "50 gowns"
            },
            "features": [
              "Fluid repellent",
              "Knitted cuffs",
              "Rear tie fastening"
            ],
            "image": "dentara-disposable-clinical-gowns-50.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.2",
            "reviews_count": 58,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.dentara.example/shop/clinical-gowns-50?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "Impression Materials",
        "slug": "impression-materials",
        "description": "Alginates and silicones for accurate impressions.",
        "sort_order": 2,
        "products": [
          {
            "name": "Dentara PolyVS Light Body Impression Material",
            "slug": "dentara-polyvs-light-body",
            "description": "A hydrophilic light-body polyvinyl siloxane with a 2-minute intraoral set, for crown and bridge wash impressions. Two 50 ml cartridges and 12 mixing tips.",
            "price": "62.40",
            "manufacturer": "Dentara",
            "specifications": {
              "type": "Addition silicone, light body",
              "working_time": "1 min 30 s",
              "setting_time": "2 min intraoral",
              "pack": "2 x 50 ml cartridges"
            },
            "features": [
              "Hydrophilic flow",
              "Snap set",
              "Mixing tips included"
            ],
            "image": "dentara-polyvs-light-body.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 189,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.dentara.example/shop/polyvs-light-body?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Dentara Alginate Fast Set, 500 g",
            "slug": "dentara-alginate-fast-set-500g",
            "description": "A dust-free, mint-flavoured alginate with a colour change that shows when to seat and when to remove the tray.",
            "price": "16.80",
            "manufacturer": "Dentara",
            "specifications": {
              "setting_time": "1 min 30 s",
              "colour_change": "Purple to pink to white",
              "pack": "500 g bag"
            },
            "features": [
              "Colour-change phases",
              "Dust-free",
              "Mint flavour"
            ],
            "image": "dentara-alginate-fast-set-500g.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 274,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.dentara.example/shop/alginate-fast-set?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "Restorative Composites",
        "slug": "restorative-composites",
        "description": "Universal and bulk-fill composites and bonding agents.",
        "sort_order": 3,
        "products": [
          {
            "name": "Corvane NanoFill Universal Composite Kit",
            "slug": "corvane-nanofill-universal-composite-kit",
            "description": "A nano-hybrid universal composite in eight shades that polishes to a lasting gloss and handles without stickiness. Kit includes a shade guide.",
            "price": "189.00",
            "manufacturer": "Corvane",
            "specifications": {
              "shades": "8 (A1-D3 plus bleach)",
              "pack": "8 x 4 g syringes",
              "filler": "78% by weight"
            },
            "features": [
              "Chameleon shade blending",
              "Non-sticky handling",
              "Shade guide included"
            ],
            "image": "corvane-nanofill-universal-composite-kit.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 321,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.corvane.example/products/nanofill-kit?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Corvane Bulk-Fill Flowable Composite",
            "slug": "corvane-bulk-fill-flowable-composite",
            "description": "A self-levelling flowable composite that cures in 4 mm increments, for fast posterior bases beneath a capping layer.",
            "price": "94.50",
            "manufacturer": "Corvane",
            "specifications": {
              "increment_depth": "4 mm",
              "pack": "4 x 2 g syringes, 20 tips",
              "shade": "Universal"
            },
            "features": [
              "4 mm depth of cure",
              "Low polymerisation stress",
              "Self-levelling"
            ],
            "image": "corvane-bulk-fill-flowable-composite.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 142,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.corvane.example/products/bulk-fill-flowable?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Corvane Universal Bonding Agent, 5 ml",
            "slug": "corvane-universal-bonding-agent-5ml",
            "description": "A single-bottle adhesive for self-etch, selective-etch and total-etch techniques, bonding to enamel, dentine, zirconia and metal.",
            "price": "118.00",
            "manufacturer": "Corvane",
            "specifications": {
              "volume": "5 ml",
              "techniques": "Self-, selective- and total-etch",
              "substrates": "Enamel, dentine, zirconia, metal"
            },
            "features": [
              "One bottle for all techniques",
              "Bonds to zirconia",
              "10 s application"
            ],
            "image": "corvane-universal-bonding-agent-5ml.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 96,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.corvane.example/products/universal-bond?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "Disposables",
        "slug": "clinical-disposables",
        "description": "Saliva ejectors, bibs and other single-use items.",
        "sort_order": 4,
        "products": [
          {
            "name": "Pinecrest Saliva Ejectors, 100 Pack",
            "slug": "pinecrest-saliva-ejectors-100",
            "description": "Flexible saliva ejectors with a non-detachable soft tip that holds its shape when bent.",
            "price": "9.80",
            "manufacturer": "Pinecrest Dental Supply",
            "specifications": {
              "length": "15 cm",
              "tip": "Non-detachable soft tip",
              "pack": "100 pieces"
            },
            "features": [
              "Holds shape when bent",
              "Non-detachable tip",
              "Assorted colours"
            ],
            "image": "pinecrest-saliva-ejectors-100.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 167,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pinecrestdental.example/p/saliva-ejectors-100?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Pinecrest Patient Bibs, 500 Pack",
            "slug": "pinecrest-patient-bibs-500",
            "description": "Two-ply tissue with a poly backing that stops fluids soaking through, in a dispenser box that fits most cabinet drawers.",
            "price": "38.00",
            "manufacturer": "Pinecrest Dental Supply",
            "specifications": {
              "size": "33 x 45 cm",
              "layers": "2-ply tissue + poly",
              "pack": "500 bibs"
            },
            "features": [
              "Fluid-proof backing",
              "Dispenser box",
              "Six colours available"
            ],
            "image": "pinecrest-patient-bibs-500.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 88,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pinecrestdental.example/p/patient-bibs-500?ref=dentalmarket",
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Practice Software",
    "slug": "practice-software",
    "description": "Practice management, imaging and patient communication software from partners.",
    "icon": "fa-laptop-medical",
    "product_type": "affiliate",
    "sort_order": 12,
    "subcategories": [
      {
        "name": "Practice Management",
        "slug": "practice-management-software",
        "description": "Diary, charting, billing and reporting in one system.",
        "sort_order": 1,
        "products": [
          {
            "name": "Ondra Practice Cloud",
            "slug": "ondra-practice-cloud",
            "description": "Cloud practice management with diary, charting, treatment plans, billing and reporting, accessible from any browser. Price per month for up to 3 surgeries.",
            "price": "249.00",
            "manufacturer": "Ondra Systems",
            "specifications": {
              "billing": "Monthly, up to 3 surgeries",
              "hosting": "Cloud, browser-based",
              "data_migration": "Included from major systems"
            },
            "features": [
              "Browser-based, no server",
              "Perio and restorative charting",
              "Treatment plan e-signatures",
              "Daily financial dashboard"
            ],
            "image": "ondra-practice-cloud.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 208,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.ondrasystems.example/practice-cloud?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Tessara Chairside Charting",
            "slug": "tessara-chairside-charting",
            "description": "A tablet app for voice-driven perio charting that lets the clinician chart alone and syncs results to the practice management record.",
            "price": "129.00",
            "manufacturer": "Tessara Health",
            "specifications": {
              "billing": "Monthly per clinician",
              "platforms": "iPad and Android tablets",
              "integration": "Syncs with major PMS"
            },
            "features": [
              "Voice perio charting",
              "Works offline",
              "Syncs to the patient record"
            ],
            "image": "tessara-chairside-charting.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.5",
            "reviews_count": 37,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.tessara.example/chairside-charting?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "Imaging Software",
        "slug": "imaging-software",
        "description": "Viewing, measuring and AI-assisted analysis of radiographs.",
        "sort_order": 2,
        "products": [
          {
            "name": "ClearView Atlas Imaging Suite",
            "slug": "clearview-atlas-imaging-suite",
            "description": "A vendor-neutral imaging suite that captures from most sensors, cameras and panoramic units, with measurement, annotation and DICOM export.",
            "price": "1490.00",
            "manufacturer": "ClearView Imaging",
            "specifications": {
              "licence": "Perpetual, per site",
              "devices": "Most TWAIN and DICOM sources",
              "export": "DICOM, JPEG, PNG"
            },
            "features": [
              "Vendor-neutral capture",
              "Implant and endo measurements",
              "DICOM export"
            ],
            "image": "clearview-atlas-imaging-suite.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 63,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.clearviewimaging.example/atlas-suite?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Tessara Insight AI Radiograph Assistant",
            "slug": "tessara-insight-ai-radiograph-assistant",
            "description": "An AI second opinion that highlights suspected caries, bone loss and calculus on bitewings and periapicals, with visual overlays to share with patients.",
            "price": "99.00",
            "manufacturer": "Tessara Health",
            "specifications": {
              "billing": "Monthly per site",
              "findings": "Caries, bone levels, calculus, restorations",
              "integration": "Works alongside existing imaging software"
            },
            "features": [
              "Colour-coded overlays",
              "Bone-level measurements",
              "Patient-friendly reports"
            ],
            "image": "tessara-insight-ai-radiograph-assistant.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.6",
            "reviews_count": 29,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.tessara.example/insight-ai?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "Patient Communication",
        "slug": "patient-communication",
        "description": "Reminders, recalls and digital forms.",
        "sort_order": 3,
        "products": [
          {
            "name": "Ondra Recall & Reminders",
            "slug": "ondra-recall-reminders",
            "description": "Automated SMS and email appointment reminders and recall campaigns that patients can confirm or rebook with one tap.",
            "price": "79.00",
            "manufacturer": "Ondra Systems",
            "specifications": {
              "billing": "Monthly",
              "channels": "SMS, email",
              "messages": "1,500 SMS included"
            },
            "features": [
              "Two-way SMS",
              "One-tap confirm or rebook",
              "Recall campaign scheduler"
            ],
            "image": "ondra-recall-reminders.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 144,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.ondrasystems.example/recall-reminders?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Ondra Online Patient Forms",
            "slug": "ondra-online-patient-forms",
            "description": "Medical history, consent and new-patient forms completed on the patient’s phone before the visit and filed to the record automatically.",
            "price": "59.00",
            "manufacturer": "Ondra Systems",
            "specifications": {
              "billing": "Monthly",
              "forms": "Unlimited custom forms",
              "signatures": "Legally valid e-signatures"
            },
            "features": [
              "Medical history updates by text",
              "E-signature consent",
              "Auto-filed to the record"
            ],
            "image": "ondra-online-patient-forms.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 81,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.ondrasystems.example/patient-forms?ref=dentalmarket",
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Digital Dentistry Partners",
    "slug": "digital-dentistry-partners",
    "description": "Intraoral scanners, 3D printers and materials from partner manufacturers.",
    "icon": "fa-cube",
    "product_type": "affiliate",
    "sort_order": 13,
    "subcategories": [
      {
        "name": "Intraoral Scanners",
        "slug": "intraoral-scanners",
        "description": "Digital impressions for restorations, aligners and implants.",
        "sort_order": 1,
        "products": [
          {
            "name": "Oriscan Lumen 4 Intraoral Scanner",
            "slug": "oriscan-lumen-4-intraoral-scanner",
            "description": "A powder-free colour scanner that captures a full arch in about 40 seconds, with open STL export and an autoclavable tip.",
            "price": "21900.00",
            "manufacturer": "Oriscan",
            "specifications": {
              "scan_speed": "Full arch approx. 40 s",
              "export": "Open STL, PLY, OBJ",
              "tip": "Autoclavable, 100 cycles",
              "connection": "USB-C to laptop or cart"
            },
            "features": [
              "Powder-free colour scanning",
              "Open file export",
              "Shade measurement",
              "Laptop or cart configuration"
            ],
            "image": "oriscan-lumen-4-intraoral-scanner.svg",
            "is_featured": true,
            "is_new": false,
            "rating": "4.8",
            "reviews_count": 77,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.oriscan.example/lumen-4?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Kestrel ScanGo Wireless Intraoral Scanner",
            "slug": "kestrel-scango-wireless-scanner",
            "description": "A cable-free scanner weighing 165 g that streams to a laptop over Wi-Fi 6, with swappable batteries for a full clinical day.",
            "price": "17500.00",
            "manufacturer": "Kestrel Dental Systems",
            "specifications": {
              "weight": "165 g",
              "connection": "Wi-Fi 6",
              "battery": "Two swappable packs, 60 min each",
              "export": "Open STL"
            },
            "features": [
              "Fully wireless",
              "Swappable batteries",
              "Lab connection portal"
            ],
            "image": "kestrel-scango-wireless-scanner.svg",
            "is_featured": false,
            "is_new": true,
            "rating": "4.6",
            "reviews_count": 24,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.kestreldental.example/scango?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "3D Printing",
        "slug": "dental-3d-printing",
        "description": "Printers, resins and post-processing for models, guides and splints.",
        "sort_order": 2,
        "products": [
          {
            "name": "Pellucid LayerOne Dental 3D Printer",
            "slug": "pellucid-layerone-dental-3d-printer",
            "description": "A resin printer calibrated for dental workflows that prints a full-arch model in under 30 minutes, with validated settings for guides, splints and models.",
            "price": "4990.00",
            "manufacturer": "Pellucid Labs",
            "specifications": {
              "technology": "Masked SLA (LCD), 405 nm",
              "build_volume": "19 x 12 x 20 cm",
              "xy_resolution": "35 µm",
              "layer_height": "25-100 µm"
            },
            "features": [
              "Validated dental resin settings",
              "Auto resin filling",
              "Wi-Fi job upload"
            ],
            "image": "pellucid-layerone-dental-3d-printer.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 52,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pellucidlabs.example/layerone?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Pellucid Dental Model Resin, 1 L",
            "slug": "pellucid-dental-model-resin-1l",
            "description": "A high-accuracy, low-odour beige model resin with sharp margins for crown and bridge models.",
            "price": "149.00",
            "manufacturer": "Pellucid Labs",
            "specifications": {
              "volume": "1 L",
              "colour": "Beige",
              "accuracy": "± 50 µm"
            },
            "features": [
              "Sharp margins",
              "Low odour",
              "Matte, scannable surface"
            ],
            "image": "pellucid-dental-model-resin-1l.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 68,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pellucidlabs.example/model-resin?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Pellucid Wash & Cure Station",
            "slug": "pellucid-wash-cure-station",
            "description": "A two-in-one station that washes prints in an alcohol bath and post-cures them under 405 nm light on a rotating turntable.",
            "price": "699.00",
            "manufacturer": "Pellucid Labs",
            "specifications": {
              "wash_tank": "7 L",
              "cure_wavelength": "405 nm",
              "turntable": "Rotating, 360°"
            },
            "features": [
              "Wash and cure in one unit",
              "Sealed wash tank",
              "Programmable timers"
            ],
            "image": "pellucid-wash-cure-station.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 35,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.pellucidlabs.example/wash-cure?ref=dentalmarket",
            "service_details": null
          }
        ]
      }
    ]
  },
  {
    "name": "Patient Education & Aftercare",
    "slug": "patient-education-aftercare",
    "description": "Home-care products and chairside education materials to recommend to patients.",
    "icon": "fa-book-medical",
    "product_type": "affiliate",
    "sort_order": 14,
    "subcategories": [
      {
        "name": "Home-Care Products",
        "slug": "home-care-products",
        "description": "Toothbrushes, interdental aids and whitening kits for patients.",
        "sort_order": 1,
        "products": [
          {
            "name": "Solvane SonicPro Electric Toothbrush",
            "slug": "solvane-sonicpro-electric-toothbrush",
            "description": "A sonic toothbrush with a pressure sensor, 2-minute timer and three modes, sold through the partner store with a practice referral code.",
            "price": "89.00",
            "manufacturer": "Solvane",
            "specifications": {
              "modes": "Clean, sensitive, gum care",
              "battery": "3 weeks per charge",
              "timer": "2-minute with 30 s pacer"
            },
            "features": [
              "Pressure sensor",
              "Travel case included",
              "Practice referral code"
            ],
            "image": "solvane-sonicpro-electric-toothbrush.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.6",
            "reviews_count": 356,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.solvane.example/sonicpro?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Aurelis Interdental Brush Assortment",
            "slug": "aurelis-interdental-brush-assortment",
            "description": "A box of 48 colour-coded interdental brushes in six sizes so hygienists can size patients chairside and send them home with the right brush.",
            "price": "24.00",
            "manufacturer": "Aurelis Oral Care",
            "specifications": {
              "sizes": "6 (ISO 0-5)",
              "pack": "48 brushes",
              "wire": "Plastic-coated"
            },
            "features": [
              "Colour-coded sizes",
              "Plastic-coated wire",
              "Sizing card included"
            ],
            "image": "aurelis-interdental-brush-assortment.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.5",
            "reviews_count": 121,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.aurelis.example/interdental-assortment?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Aurelis Take-Home Whitening Kit",
            "slug": "aurelis-take-home-whitening-kit",
            "description": "A 10% carbamide peroxide gel kit for use with custom trays made in the practice, with desensitising agent included.",
            "price": "45.00",
            "manufacturer": "Aurelis Oral Care",
            "specifications": {
              "concentration": "10% carbamide peroxide",
              "pack": "4 x 3 ml syringes",
              "wear_time": "2-4 hours daily"
            },
            "features": [
              "Desensitising formula",
              "Mint flavour",
              "Patient instruction leaflet"
            ],
            "image": "aurelis-take-home-whitening-kit.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.3",
            "reviews_count": 74,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.aurelis.example/whitening-kit?ref=dentalmarket",
            "service_details": null
          }
        ]
      },
      {
        "name": "Education Models & Media",
        "slug": "education-models-media",
        "description": "Chairside models and media that explain treatment to patients.",
        "sort_order": 2,
        "products": [
          {
            "name": "Aurelis Oversized Hygiene Model",
            "slug": "aurelis-oversized-hygiene-model",
            "description": "A 3x-scale jaw model with removable teeth and a giant brush for demonstrating brushing and interdental cleaning to children and adults.",
            "price": "129.00",
            "manufacturer": "Aurelis Oral Care",
            "specifications": {
              "scale": "3:1",
              "material": "Hard PVC with flexible gingiva",
              "includes": "Giant toothbrush"
            },
            "features": [
              "Removable teeth",
              "Flexible gingiva",
              "Giant demo brush"
            ],
            "image": "aurelis-oversized-hygiene-model.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.7",
            "reviews_count": 49,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.aurelis.example/hygiene-model?ref=dentalmarket",
            "service_details": null
          },
          {
            "name": "Tessara Waiting Room Education Channel",
            "slug": "tessara-waiting-room-education-channel",
            "description": "A streaming channel of short animations on implants, aligners, periodontal health and whitening, with your practice branding and fee offers.",
            "price": "39.00",
            "manufacturer": "Tessara Health",
            "specifications": {
              "billing": "Monthly",
              "content": "120+ animations",
              "playback": "Smart TV, streaming stick or browser"
            },
            "features": [
              "Practice branding",
              "Custom offer slides",
              "Monthly new content"
            ],
            "image": "tessara-waiting-room-education-channel.svg",
            "is_featured": false,
            "is_new": false,
            "rating": "4.4",
            "reviews_count": 62,
            "in_stock": true,
            "delivery_time": "Ships from partner in 2-4 business days",
            "warranty": null,
            "external_link": null,
            "affiliate_link": "https://partners.tessara.example/waiting-room-channel?ref=dentalmarket",
            "service_details": null
          }
        ]
      }
    ]
  }
];
