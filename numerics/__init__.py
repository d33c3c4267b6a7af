"""What actually happens: data generators and PyTorch gradient-descent trainers (float64, CPU or CUDA)."""
