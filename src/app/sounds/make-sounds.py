#!/usr/bin/env python3
# Makes the game's sounds from nothing but arithmetic, so that they are
# the project's own: a disc placed on the board (a short wooden knock)
# and the end of a game (three soft bell notes).  Writes WAV files and,
# where oggenc (vorbis-tools) is installed, the Ogg Vorbis files that the
# program uses:  src/app/sounds/make-sounds.py [OUTDIR]
#
# Copyright 2026 The Monomachia authors
# SPDX-License-Identifier: GPL-3.0-or-later

import math
import os
import random
import shutil
import struct
import subprocess
import sys
import wave

RATE = 44100


def knock(duration=0.11):
    """A disc on a board: a damped low thump, a wooden body resonance and
    a click of filtered noise at the start."""
    rng = random.Random(5)
    samples = []
    low = 0.0
    for i in range(int(RATE * duration)):
        t = i / RATE
        thump = math.sin(2 * math.pi * 180 * t) * math.exp(-t * 55)
        body = 0.6 * math.sin(2 * math.pi * 620 * t + 0.3) * math.exp(-t * 90)
        wood = 0.35 * math.sin(2 * math.pi * 1370 * t) * math.exp(-t * 140)
        # Noise through a one-pole low-pass filter, for the contact click.
        low += 0.35 * (rng.uniform(-1, 1) - low)
        click = 0.8 * low * math.exp(-t * 400)
        attack = min(1.0, t / 0.0015)
        samples.append(attack * 0.55 * (thump + body + wood + click))
    return samples


def bells(notes=(523.25, 659.25, 783.99), spacing=0.16, ring=1.1):
    """The end of a game: a rising major triad of soft bells."""
    length = int(RATE * (spacing * (len(notes) - 1) + ring))
    samples = [0.0] * length
    for n, frequency in enumerate(notes):
        start = int(RATE * spacing * n)
        for i in range(length - start):
            t = i / RATE
            attack = min(1.0, t / 0.004)
            decay = math.exp(-t * 3.2)
            # A bell: the fundamental with weaker, slightly inharmonic partials.
            tone = (math.sin(2 * math.pi * frequency * t)
                    + 0.35 * math.sin(2 * math.pi * frequency * 2.01 * t) * math.exp(-t * 4)
                    + 0.15 * math.sin(2 * math.pi * frequency * 3.98 * t) * math.exp(-t * 7))
            samples[start + i] += 0.22 * attack * decay * tone
    # Fade the last 50 ms so that it ends without a click.
    fade = int(RATE * 0.05)
    for i in range(fade):
        samples[length - fade + i] *= 1 - i / fade
    return samples


def write_wav(path, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.89 / peak if peak > 0.89 else 1.0
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s * scale)) * 32767))
                                 for s in samples))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for name, samples in (("place", knock()), ("end", bells())):
        wav = os.path.join(outdir, name + ".wav")
        write_wav(wav, samples)
        if shutil.which("oggenc"):
            subprocess.run(["oggenc", "-Q", "-q", "4", "-o", os.path.join(outdir, name + ".ogg"),
                            wav], check=True)
            os.remove(wav)


if __name__ == "__main__":
    main()
