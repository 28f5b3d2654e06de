// Which panel of the right sidebar is open; shared so that other screens (start flow, jobs) can open one.
import { create } from 'zustand';
import type { SidebarContent } from './sidebarPanels.ts';

interface SidebarState {
  open: SidebarContent | null;
  show: (content: SidebarContent) => void;
  toggle: (content: SidebarContent) => void;
  close: () => void;
}

export const useSidebarStore = create<SidebarState>((set) => ({
  open: null,
  show: (content) => set({ open: content }),
  toggle: (content) => set((state) => ({ open: state.open === content ? null : content })),
  close: () => set({ open: null }),
}));
