import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown, SecondsCountdown } from '../countdown';

const NOW = Date.UTC(2026, 2, 12, 12, 0, 0);
const S = 1000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const values = () => Array.from(screen.getByRole('timer').children).map((box) => box.textContent);

describe('Countdown', () => {
  it('shows days, hours, minutes and seconds with labels and a spoken summary', () => {
    const target = NOW + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * S;
    render(<Countdown target={target} label="Auction ends in" />);
    expect(values()).toEqual(['02Days', '03Hours', '04Minutes', '05Seconds']);
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      'Auction ends in: 2 days, 3 hours, 4 minutes, 5 seconds',
    );
  });

  it('counts down once a second on the shared clock', () => {
    render(<Countdown target={NOW + 62 * S} />);
    expect(values()).toEqual(['00Days', '00Hours', '01Minutes', '02Seconds']);
    tick(S);
    expect(values()).toEqual(['00Days', '00Hours', '01Minutes', '01Seconds']);
    tick(2 * S);
    expect(values()).toEqual(['00Days', '00Hours', '00Minutes', '59Seconds']);
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      'Time left: 0 days, 0 hours, 0 minutes, 59 seconds',
    );
  });

  it('shows "Auction ended" when over, never negative numbers', () => {
    render(<Countdown target={NOW + 2 * S} />);
    tick(2 * S);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Auction ended')).toBeInTheDocument();
    tick(60 * S);
    expect(screen.getByText('Auction ended')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/-\d/);
  });

  it('shows a custom ended text for a target already passed', () => {
    render(<Countdown target={NOW - 3600 * S} endedText="Sale closed" />);
    expect(screen.getByText('Sale closed')).toBeInTheDocument();
  });

  it('keeps zeros on screen after the end with showZerosWhenDone', () => {
    render(<Countdown target={NOW - 5 * S} showZerosWhenDone label="Time until launch" />);
    expect(values()).toEqual(['00Days', '00Hours', '00Minutes', '00Seconds']);
    expect(screen.queryByText('Auction ended')).not.toBeInTheDocument();
  });

  it('has a compact form for cards', () => {
    render(<Countdown target={NOW + (3600 + 5) * S} compact />);
    expect(values()).toEqual(['00d', '01h', '00m', '05s']);
  });
});

describe('SecondsCountdown', () => {
  it('counts the 3599 seconds down as hours, minutes and seconds', () => {
    render(<SecondsCountdown startedAt={NOW} seconds={3599} />);
    expect(values()).toEqual(['00Hours', '59Minutes', '59Seconds']);
    tick(S);
    expect(values()).toEqual(['00Hours', '59Minutes', '58Seconds']);
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      'Time remaining: 0 hours, 59 minutes, 58 seconds',
    );
  });

  it('stops at zero', () => {
    render(<SecondsCountdown startedAt={NOW} seconds={3} />);
    tick(3 * S);
    expect(values()).toEqual(['00Hours', '00Minutes', '00Seconds']);
    tick(10 * S);
    expect(values()).toEqual(['00Hours', '00Minutes', '00Seconds']);
  });
});
