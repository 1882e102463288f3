#pragma once
// Frames are read one after another with buffers of the same few sizes (the picture shrunk, its
// masks, the annotated copy). By default the C library hands large freed blocks back to the
// kernel, and every frame then faults its buffers in again page by page, which costs more than
// reading the frame on a virtual machine. A program that reads frames calls this once, first.

namespace tableref::vision {

// Freed picture buffers are kept for the next frame: blocks up to a 4K frame's size come from
// the heap, and the heap is not trimmed below the working set of a frame. Does nothing where the
// C library offers no such setting.
void keep_freed_picture_buffers();

}  // namespace tableref::vision
