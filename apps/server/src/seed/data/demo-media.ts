// Made by scripts/make-demo-media.mjs with the files under apps/server/media/demo/; do not edit.
export const DEMO_MEDIA = [
  {
    "key": "demo-a",
    "path": "demo/a",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 113000
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 91000
      }
    ]
  },
  {
    "key": "demo-b",
    "path": "demo/b",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 110000
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 94000
      }
    ]
  },
  {
    "key": "demo-c",
    "path": "demo/c",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 112000
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 94000
      }
    ]
  },
  {
    "key": "demo-d",
    "path": "demo/d",
    "durationS": 60,
    "segmentS": 4,
    "poster": "poster.jpg",
    "subtitles": [
      {
        "lang": "zh",
        "path": "zh.vtt"
      },
      {
        "lang": "en",
        "path": "en.vtt"
      }
    ],
    "renditions": [
      {
        "name": "360p",
        "width": 640,
        "height": 360,
        "bandwidth": 111000
      },
      {
        "name": "240p",
        "width": 426,
        "height": 240,
        "bandwidth": 93000
      }
    ]
  }
] as const;
