import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AvatarPicker } from '../../../../src/components/profiles/AvatarPicker.tsx';
import { PinPrompt } from '../../../../src/components/profiles/PinPrompt.tsx';
import { ProfileAvatar } from '../../../../src/components/profiles/ProfileAvatar.tsx';
import { ProfileForm } from '../../../../src/components/profiles/ProfileForm.tsx';
import { ProfileGrid } from '../../../../src/components/profiles/ProfileGrid.tsx';
import { ProfileMaturityForm } from '../../../../src/components/profiles/ProfileSettingsForm.tsx';
import { userEvent } from '../../support/user-event';

afterEach(cleanup);

describe('ProfileAvatar', () => {
  it('draws the chosen avatar, and the id-picked one without a choice', () => {
    const { container } = render(
      <>
        <ProfileAvatar id="abc" name="Ann" avatar="teal-calm" />
        <ProfileAvatar id="abc" name="Ann" />
      </>,
    );
    const [chosen, drawn] = container.querySelectorAll<HTMLElement>('[data-profile-name]');
    expect(chosen!.dataset.avatar).toBe('teal-calm');
    expect(chosen!.dataset.avatarColor).toBe('#0e7490');
    expect(drawn!.dataset.avatar).toBeUndefined();
  });
});

describe('AvatarPicker and the profile form', () => {
  it('offers every avatar as a labelled radio and submits the one chosen with the name', async () => {
    const onSubmit = vi.fn();
    render(
      <ProfileForm
        mode="edit"
        id="p1"
        defaultName="Ann"
        defaultAvatar="blue-smile"
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const group = screen.getByRole('group', { name: 'Avatar' });
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(12);
    expect(screen.getByRole('radio', { name: 'Blue, smiling' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Teal, calm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('Ann', 'teal-calm', undefined);
  });

  it('asks for the lock PIN when adding needs it', async () => {
    const onSubmit = vi.fn();
    render(<ProfileForm mode="add" askPin onSubmit={onSubmit} onCancel={() => {}} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Bob');
    await userEvent.type(screen.getByLabelText('Profile lock PIN'), '4321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith('Bob', undefined, '4321');
  });

  it('calls onValueChange from the keyboard', async () => {
    const onValueChange = vi.fn();
    render(<AvatarPicker value="blue-smile" onValueChange={onValueChange} />);
    screen.getByRole('radio', { name: 'Blue, smiling' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onValueChange).toHaveBeenCalledWith('red-grin');
  });
});

describe('PinPrompt', () => {
  const profile = { id: 'p1', name: 'Ann' };

  it('takes focus, and sends four digits as soon as they are typed', async () => {
    const onSubmit = vi.fn();
    render(<PinPrompt profile={profile} onSubmit={onSubmit} onCancel={() => {}} />);
    const field = screen.getByLabelText('PIN for Ann');
    expect(field).toHaveFocus();
    await userEvent.keyboard('12a34');
    expect(onSubmit).toHaveBeenCalledWith('1234');
  });

  it('shows why a PIN was refused, empty for the next try, and cancels on Escape', async () => {
    const onCancel = vi.fn();
    render(
      <PinPrompt
        profile={profile}
        status="error"
        error="That PIN is not right. Try again."
        onSubmit={() => {}}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('That PIN is not right.');
    expect(screen.getByLabelText('PIN for Ann')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('ProfileGrid', () => {
  it('marks a locked profile and shows each chosen avatar', () => {
    render(
      <ProfileGrid
        profiles={[
          { id: 'p1', name: 'Ann', activeProfile: true, avatar: 'pink-smile', locked: true },
          { id: 'p2', name: 'Kids', activeProfile: false },
        ]}
        mode="browse"
        onSelect={() => {}}
        onEdit={() => {}}
        onAdd={() => {}}
        onToggleManage={() => {}}
      />,
    );
    expect(screen.getAllByRole('img', { name: 'Locked' })).toHaveLength(1);
    expect(document.querySelector('[data-avatar="pink-smile"]')).not.toBeNull();
  });
});

describe('ProfileMaturityForm', () => {
  it('offers every level as a labelled radio, the current one checked, and sends the one chosen with the password', async () => {
    const onChange = vi.fn();
    render(<ProfileMaturityForm name="Sam" level="18+" onChange={onChange} />);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['all', '7+', '13+', '16+', '18+']);
    expect(screen.getByRole('radio', { name: '18+ (everything)' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '7+ (kids)' }));
    await userEvent.type(screen.getByLabelText('Account password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save maturity rating' }));
    expect(onChange).toHaveBeenCalledWith({ password: 'secret-password', level: '7+' });
  });

  it('says when the profile is a kids profile, and disables the levels while saving', () => {
    render(<ProfileMaturityForm name="Sam" level="7+" status="busy" onChange={() => {}} />);
    expect(screen.getByText('A kids profile: Sam is shown only titles rated 7+ and below.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '13+' })).toBeDisabled();
  });
});
