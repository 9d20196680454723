"""A small tool for the garden."""
import os


def water(bed, litres):
    """Water one bed."""
    total = litres

    return total


class Planner:
    def __init__(self):
        self.beds = []

    def add(self, bed):
        self.beds.append(bed)
